package bind

import (
	"slices"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
	"github.com/fadj-dev/fadj/generator/suggest"
)

// resolveTarget finds the routine and the variables of one target. It
// returns every problem of the target.
func resolveTarget(prog *load.Program, t *config.Target, setup *config.Setup) (*Target, diag.List) {
	bt := &Target{Target: t}
	proc, errs := resolveRoutine(prog, t)
	if proc == nil {
		return bt, errs
	}
	bt.Routine = proc
	if setup != nil {
		var l diag.List
		bt.Setup, l = resolveSetup(prog, proc, setup)
		errs = append(errs, l...)
	}
	for _, list := range []struct {
		vars []config.Var
		in   bool
		out  *[]Var
	}{{t.Independents, true, &bt.Independents}, {t.Dependents, false, &bt.Dependents}} {
		for _, v := range list.vars {
			sym, l := resolveVar(prog, proc, t, v, list.in)
			for _, d := range l {
				if d.IsWarning() {
					bt.Warnings = append(bt.Warnings, d)
				} else {
					errs = append(errs, d)
				}
			}
			if sym != nil {
				*list.out = append(*list.out, Var{Var: v, Symbol: sym})
			}
		}
	}
	return bt, errs
}

func errAt(pos source.Position, format string, args ...any) diag.List {
	var l diag.List
	l.Addf(pos, format, args...)
	return l
}

// resolveRoutine finds the procedure a target names.
func resolveRoutine(prog *load.Program, t *config.Target) (*sema.Symbol, diag.List) {
	sym, l := findProc(prog, t.Module, t.Name, t.Routine, t.RoutinePos)
	if sym == nil {
		return nil, l
	}
	if sym.Proc.Kind != sema.ProcExternal && sym.Proc.Kind != sema.ProcModule {
		return nil, errAt(t.RoutinePos, "'%s' is a %s procedure: only external and module procedures can be differentiated", t.Routine, sym.Proc.Kind)
	}
	return sym, hasBody(sym, t.Routine, t.RoutinePos)
}

func hasBody(sym *sema.Symbol, written string, pos source.Position) diag.List {
	if sym.Proc.Unit == nil || sym.Inner == nil {
		return errAt(pos, "routine '%s' has no body in the sources", written)
	}
	return nil
}

// findProc finds a procedure with a body in the sources: an external
// procedure, module::name, or a module procedure named alone when
// exactly one module has it. written is the name as the spec writes it.
func findProc(prog *load.Program, module, name, written string, pos source.Position) (*sema.Symbol, diag.List) {
	info := prog.Info
	var sym *sema.Symbol
	if module != "" {
		mod := info.Module(module)
		if mod == nil || mod.Inner == nil {
			return nil, errAt(pos, "unknown module '%s'%s", module, suggest.Hint(module, moduleNames(info)))
		}
		sym = mod.Inner.LookupLocal(name)
		if sym == nil {
			return nil, errAt(pos, "unknown routine '%s' in module '%s'%s", name, module, suggest.Hint(name, procNames(mod.Inner, sema.ProcModule)))
		}
	} else {
		sym = info.Global.Lookup(name)
		if sym == nil {
			var found []*sema.Symbol
			for _, m := range info.Modules {
				if m.Inner == nil {
					continue
				}
				if s := m.Inner.LookupLocal(name); s != nil && s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Kind == sema.ProcModule {
					found = append(found, s)
				}
			}
			switch len(found) {
			case 0:
				return nil, errAt(pos, "unknown routine '%s'%s", name, suggest.Hint(name, routineNames(info)))
			case 1:
				sym = found[0]
			default:
				return nil, errAt(pos, "routine '%s' is ambiguous: qualify it as module::%s", name, name)
			}
		}
	}
	if sym.Kind != sema.ProcSym || sym.Proc == nil {
		return nil, errAt(pos, "'%s' is a %s, not a procedure", written, describe(sym))
	}
	return sym, nil
}

// resolveSetup finds the setup subroutine of a target (check.setup):
// a subroutine of the sources whose dummy arguments match the target's
// in number, and in type, kind and rank where the target's are real or
// complex, since fadj check passes it the target's arguments.
func resolveSetup(prog *load.Program, proc *sema.Symbol, su *config.Setup) (*sema.Symbol, diag.List) {
	sym, l := findProc(prog, su.Module, su.Name, su.Routine, su.RoutinePos)
	if sym == nil {
		return nil, l
	}
	if sym.Proc.Kind != sema.ProcExternal && sym.Proc.Kind != sema.ProcModule || !sym.Proc.IsSubroutine() {
		return nil, errAt(su.RoutinePos, "setup: '%s' is not an external or module subroutine", su.Routine)
	}
	if l := hasBody(sym, su.Routine, su.RoutinePos); l != nil {
		return nil, l
	}
	want, got := proc.Proc.Args, sym.Proc.Args
	if len(got) != len(want) {
		return nil, errAt(su.RoutinePos, "setup: '%s' has %d arguments, the target '%s' %d: it is called with the target's arguments", su.Routine, len(got), proc.Name, len(want))
	}
	for i, w := range want {
		g := got[i]
		if w == nil || g == nil || w.Type == nil || !(w.Type.IsReal() || w.Type.IsComplex()) {
			continue
		}
		if g.Type == nil || g.Type.Basic != w.Type.Basic || g.Type.Kind != w.Type.Kind || len(g.Dims) != len(w.Dims) {
			return nil, errAt(su.RoutinePos, "setup: argument %d of '%s' ('%s') is not a %s of rank %d, as argument '%s' of '%s' is", i+1, su.Routine, g.Name, w.Type, len(w.Dims), w.Name, proc.Name)
		}
	}
	return sym, nil
}

// routineNames lists the procedures a target may name: the external
// ones and the module procedures, alone and qualified.
func routineNames(info *sema.Info) []string {
	names := procNames(info.Global, sema.ProcExternal)
	for _, m := range info.Modules {
		if m.Inner == nil {
			continue
		}
		for _, n := range procNames(m.Inner, sema.ProcModule) {
			names = append(names, n, m.Name+"::"+n)
		}
	}
	return names
}

func procNames(scope *sema.Scope, kind sema.ProcKind) []string {
	var names []string
	for _, s := range scope.Symbols() {
		if s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Kind == kind && s.Proc.Unit != nil {
			names = append(names, s.Name)
		}
	}
	return names
}

func moduleNames(info *sema.Info) []string {
	var names []string
	for _, m := range info.Modules {
		names = append(names, m.Name)
	}
	return names
}

// varNames lists the variables visible in scope: its own, the
// use-associated ones, and those of its hosts.
func varNames(scope *sema.Scope) []string {
	var names []string
	for s := scope; s != nil; s = s.Parent {
		for _, sym := range s.Symbols() {
			if sym.Kind == sema.VarSym {
				names = append(names, sym.Name)
			}
		}
		for _, imp := range s.Imports {
			if imp.Symbol != nil && imp.Symbol.Kind == sema.VarSym {
				names = append(names, imp.Local)
			}
		}
		// A USE without ONLY makes every public name visible.
		for _, m := range s.UsedModules() {
			if m.Inner == nil {
				continue
			}
			for name, sym := range m.Inner.Exports() {
				if sym.Kind == sema.VarSym {
					names = append(names, name)
				}
			}
		}
	}
	// Sorted, so that of equally near names the same one is suggested
	// every time.
	slices.Sort(names)
	return slices.Compact(names)
}

func describe(sym *sema.Symbol) string {
	switch sym.Kind {
	case sema.VarSym:
		return "variable"
	case sema.ConstSym:
		return "named constant"
	case sema.ModuleSym:
		return "module"
	case sema.ProgramSym:
		return "main program"
	case sema.GenericSym:
		return "generic interface"
	case sema.TypeSym:
		return "derived type"
	case sema.CommonSym:
		return "common block"
	case sema.BlockDataSym:
		return "block data unit"
	}
	return sym.Kind.String()
}

// resolveVar finds the variable an independent (in) or dependent
// names in the routine's scope and checks that it can be one.
func resolveVar(prog *load.Program, proc *sema.Symbol, t *config.Target, v config.Var, in bool) (*sema.Symbol, diag.List) {
	role, list := "dependent", "dependents"
	if in {
		role, list = "independent", "independents"
	}
	r := v.Ref
	scope := proc.Inner
	var sym *sema.Symbol
	switch {
	case r.Module != "":
		mod := prog.Info.Module(r.Module)
		if mod == nil || mod.Inner == nil {
			return nil, errAt(v.Pos, "unknown module '%s'%s", r.Module, suggest.Hint(r.Module, moduleNames(prog.Info)))
		}
		sym = mod.Inner.LookupLocal(r.Name)
		if sym == nil {
			return nil, errAt(v.Pos, "unknown variable '%s' in module '%s'%s", r.Name, r.Module, suggest.Hint(r.Name, varNames(mod.Inner)))
		}
	case r.Common != "" || strings.HasPrefix(v.Text, "/"):
		decl := scope.CommonDecl(r.Common)
		if decl == nil {
			return nil, errAt(v.Pos, "routine '%s' has no common block /%s/", t.Routine, r.Common)
		}
		var members []string
		for _, m := range decl.Members {
			members = append(members, m.Name)
			if m.Name == r.Name {
				sym = m
			}
		}
		if sym == nil {
			return nil, errAt(v.Pos, "unknown variable '%s' in common block /%s/ of routine '%s'%s", r.Name, r.Common, t.Routine, suggest.Hint(r.Name, members))
		}
	default:
		sym = scope.Lookup(r.Name)
		if sym == nil {
			return nil, errAt(v.Pos, "unknown variable '%s' in routine '%s'%s", r.Name, t.Routine, suggest.Hint(r.Name, varNames(scope)))
		}
		// In a function, the function's name stands for its result.
		if sym == proc && proc.Proc.Result != nil {
			sym = proc.Proc.Result
		}
	}
	if sym.Kind != sema.VarSym {
		return nil, errAt(v.Pos, "%s '%s' is a %s, not a variable", role, v.Text, describe(sym))
	}
	if in && sym.Intent == ast.IntentOut {
		return nil, errAt(v.Pos, "independent '%s' is intent(out)", v.Text)
	}
	if !in && sym.Intent == ast.IntentIn {
		return nil, errAt(v.Pos, "dependent '%s' is intent(in)", v.Text)
	}
	if in && proc.Proc.Result != nil && sym == proc.Proc.Result {
		return nil, errAt(v.Pos, "independent '%s' is the function result", v.Text)
	}
	if !sym.IsDummy() && sym != proc.Proc.Result && sym.Module() == nil && sym.Common == nil {
		// Derivatives enter and leave a routine through its arguments
		// and globals; a local has no derivative outside it.
		return nil, errAt(v.Pos, "%s '%s' is a local variable of '%s': %s are arguments, module variables (module::name) or common-block variables (/block/name)", role, v.Text, t.Routine, list)
	}
	if sym.Type == nil {
		return nil, errAt(v.Pos, "%s '%s' has no type", role, v.Text)
	}
	// The part named: the variable or a component of it (derived.go).
	part, l := component(sym, v, role)
	if part == nil {
		return nil, l
	}
	switch part.Type.Basic {
	case sema.RealType, sema.ComplexType:
	case sema.DerivedType:
		if part.Type.Class && part.Type.Derived == nil {
			return nil, errAt(v.Pos, "%s '%s' is CLASS(*): a variable of no declared type cannot be differentiated (pass its value in a real variable)", role, v.Text)
		}
		if !hasFloat(part.Type, 0) {
			return nil, errAt(v.Pos, "%s '%s' is of type %s, which has no real or complex component", role, v.Text, part.Type)
		}
	case sema.IntegerType, sema.LogicalType:
		if !in {
			// An integer or logical output is piecewise constant: its
			// derivative is zero wherever it exists. OpenAD and Tapenade
			// accept such a dependent; so does fadj, saying so.
			return nil, errAt(v.Pos, "warning: dependent '%s' is %s: its derivative is zero, so it has no adjoint or tangent argument and fadj leaves it out of the dependents", v.Text, part.Type.Basic)
		}
		return nil, errAt(v.Pos, "%s '%s' is %s: only real and complex variables can be differentiated", role, v.Text, part.Type.Basic)
	default:
		return nil, errAt(v.Pos, "%s '%s' is %s: only real and complex variables can be differentiated", role, v.Text, part.Type.Basic)
	}
	if r.OnBase && len(sym.Dims) == 0 {
		// cells(1:n)%h: the section of cells%h, the elements' h.
		return nil, errAt(v.Pos, "%s '%s' has subscripts, but '%s' is not an array", role, v.Text, sym.Name)
	}
	if r.Section != "" && !r.OnBase && len(part.Dims) == 0 {
		return nil, errAt(v.Pos, "%s '%s' has subscripts, but '%s' is not an array", role, v.Text, part.Name)
	}
	return sym, nil
}
