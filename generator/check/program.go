package check

import (
	"fmt"
	"math"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// genCode is the generated code, parsed: the driver finds in it the
// arguments of the derivative routines, the modules that hold them, and
// where the derivatives of module and common-block variables live.
type genCode struct {
	info *sema.Info
}

// loadGenerated parses the generated files on their own. Their uses of
// the original modules do not resolve, so semantic errors are expected
// and ignored: only declarations are read. The sources output.augment
// writes again keep their extension (.F90: preprocessed) and their
// INCLUDE lines and #include directives, which conf's include
// directories and defines (the spec's) serve from disk.
func loadGenerated(res *driver.Result, conf ...load.Config) *genCode {
	files := map[string][]byte{}
	var paths []string
	for _, f := range res.Files {
		switch path.Ext(f.Path) {
		case ".f90", ".F90":
		default:
			continue
		}
		files[f.Path] = f.Data
		paths = append(paths, f.Path)
	}
	free := ast.FreeForm
	lc := load.Config{}
	if len(conf) > 0 {
		lc = conf[0]
	}
	lc.Form = &free
	lc.ReadFile = func(name string) ([]byte, error) {
		if d, ok := files[name]; ok {
			return d, nil
		}
		if len(conf) > 0 {
			return os.ReadFile(name) // an included file
		}
		return nil, fmt.Errorf("%s: not generated", name)
	}
	prog, _ := load.Files(paths, lc)
	if prog == nil || prog.Info == nil {
		return &genCode{}
	}
	return &genCode{info: prog.Info}
}

// routine finds a generated routine: its dummy arguments (lower case) and
// the module that contains it ("" for an external one).
func (g *genCode) routine(name string) (args []string, module string, ok bool) {
	if g.info == nil {
		return nil, "", false
	}
	name = strings.ToLower(name)
	sym := g.info.Global.Lookup(name)
	if sym == nil || sym.Proc == nil || sym.Proc.Unit == nil {
		sym = nil
		for _, m := range g.info.Modules {
			if m.Inner == nil {
				continue
			}
			if s := m.Inner.LookupLocal(name); s != nil && s.Proc != nil && s.Proc.Unit != nil {
				sym, module = s, m.Name
				break
			}
		}
	}
	if sym == nil {
		return nil, "", false
	}
	for _, a := range sym.Proc.Args {
		if a == nil {
			args = append(args, "*")
			continue
		}
		args = append(args, a.Name)
	}
	return args, module, true
}

// global finds a generated module variable or common-block member: the
// module that declares it, or the common block and the declaration of
// its members.
func (g *genCode) global(name string) (module string, common *sema.CommonDecl) {
	if g.info == nil {
		return "", nil
	}
	for _, m := range g.info.Modules {
		if m.Inner == nil {
			continue
		}
		if s := m.Inner.LookupLocal(name); s != nil && s.Kind == sema.VarSym {
			return m.Name, nil
		}
	}
	for _, c := range g.info.Commons {
		for _, d := range c.Decls {
			for _, mem := range d.Members {
				if mem.Name == name {
					return "", d
				}
			}
		}
	}
	return "", nil
}

// typeSpec writes the type of a real, complex, integer or logical
// variable.
func typeSpec(t *sema.Type) string {
	switch {
	case t.IsComplex():
		return fmt.Sprintf("complex(%d)", t.Kind)
	case t.IsInteger():
		return fmt.Sprintf("integer(%d)", t.Kind)
	case t.IsLogical():
		return fmt.Sprintf("logical(%d)", t.Kind)
	}
	return fmt.Sprintf("real(%d)", t.Kind)
}

// targetProgram describes the driver of one target.
func targetProgram(spec *config.Spec, prog *load.Program, bt *bind.Target, gen *genCode) (*Program, error) {
	t, sym := bt.Target, bt.Routine
	p := &Program{Routine: t.Name, Samples: spec.Check.Samples, FDStep: spec.Check.FDStep, private: privateComps(prog.Files)}
	if m := sym.Module(); m != nil {
		call := sym.Name
		if sym.Attrs.Has(sema.AttrPrivate) || m.Inner != nil && m.Inner.DefaultPrivate() && !sym.Attrs.Has(sema.AttrPublic) {
			// A PRIVATE specific of a public generic (CVMix's
			// cvmix_coeffs_shear_wrap of cvmix_coeffs_shear) is called
			// through the generic (generic.go).
			if call = publicGeneric(m, sym); call == "" {
				return nil, fmt.Errorf("fadj check: cannot call %s: it is PRIVATE to module '%s' (check a public routine that calls it)", t.Routine, m.Name)
			}
			p.Routine = call
		}
		p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", m.Name, call))
	}
	if su := bt.Setup; su != nil {
		p.Setup = su.Name
		if m := su.Module(); m != nil {
			p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", m.Name, su.Name))
		}
	}
	isFunc := sym.Proc.IsFunction()
	if isFunc {
		r := sym.Proc.Result
		if r == nil || r.Type == nil || !(r.Type.IsReal() || r.Type.IsComplex()) || len(r.Dims) > 0 {
			return nil, cannotAt(sym, "not supported yet by fadj check: function '%s' without a real or complex scalar result", t.Routine)
		}
		if sym.Module() == nil {
			p.Decls = append(p.Decls, fmt.Sprintf("%s, external :: %s", typeSpec(r.Type), sym.Name))
		}
	} else if !sym.Proc.IsSubroutine() {
		return nil, cannotAt(sym, "not supported yet by fadj check: '%s' is neither a subroutine nor a function", t.Routine)
	}
	// The independents and dependents, by their symbols.
	ind, dep := map[*sema.Symbol]bool{}, map[*sema.Symbol]bool{}
	// The sections of independents and dependents given with subscripts.
	inSec, outSec := map[*sema.Symbol]string{}, map[*sema.Symbol]string{}
	var globals []*sema.Symbol
	for _, list := range []struct {
		vars []bind.Var
		set  map[*sema.Symbol]bool
		sec  map[*sema.Symbol]string
	}{{bt.Independents, ind, inSec}, {bt.Dependents, dep, outSec}} {
		// An array named whole and as sections is tested whole; named
		// as several sections, on all of them (joined by ";").
		whole := map[*sema.Symbol]bool{}
		for _, v := range list.vars {
			s := v.Symbol
			list.set[s] = true
			switch {
			case v.Ref.Section == "" && len(v.Ref.Path) == 0:
				whole[s] = true
				delete(list.sec, s)
			case v.Ref.Section != "" && !whole[s]:
				sec := strings.Join(strings.Fields(v.Ref.Section), "")
				if old := list.sec[s]; old != "" {
					sec = old + ";" + sec
				}
				list.sec[s] = sec
			}
			if !s.IsDummy() && s != sym.Proc.Result && !containsSym(globals, s) {
				globals = append(globals, s)
			}
		}
	}
	globals = append(globals, inputGlobals(spec, sym.Inner, globals)...) // inputs_globals.go
	ints := map[string]*Arg{}
	var inputErrs diag.List
	var leaves []leafArg // the components of derived-type arguments
	for _, d := range sym.Proc.Args {
		if d == nil {
			return nil, cannotAt(sym, "not supported yet by fadj check: alternate return in '%s'", t.Routine)
		}
		if strings.HasPrefix(d.Name, "fadj") {
			return nil, cannot(t, d, "names starting with fadj are the check driver's")
		}
		a := &Arg{Name: d.Name, Size: 1, Independent: ind[d], Dependent: dep[d], InSection: inSec[d], OutSection: outSec[d],
			Preset: ind[d] && !dep[d], OutOnly: dep[d] && !ind[d] && d.Intent == ast.IntentOut}
		switch {
		case d.Type == nil:
			return nil, cannot(t, d, "it has no type")
		case d.Type.IsInteger() && len(d.Dims) == 0 && d.Intent != ast.IntentOut:
			a.Class, a.IntValue, a.Type = IntParam, DefaultInt, "integer"
			if in := spec.Check.InputFor(d.Name); in != nil {
				v, err := intInput(t, d.Name, in)
				inputErrs = append(inputErrs, err...)
				a.IntValue = v
			}
			// An integer the routine may change (no intent, or
			// inout) is a variable reset before each call.
			a.Var = d.Intent != ast.IntentIn
			ints[d.Name] = a
		case d.Type.IsReal() || d.Type.IsComplex():
			a.Class, a.Complex, a.Type, a.Kind = Float, d.Type.IsComplex(), typeSpec(d.Type), d.Type.Kind
		case (d.Type.IsInteger() || d.Type.IsLogical()) && !ind[d] && !dep[d]:
			a.Class, a.Type = Passive, typeSpec(d.Type)
		case unlimitedPassive(d, ind[d] || dep[d]): // classstar.go
			a.Class, a.Type = Passive, "integer"
		case d.Type.IsDerived():
			l, err := recordArg(p, t, bt, d, a) // derived.go
			if err != nil {
				return nil, err
			}
			leaves = append(leaves, l...)
		default:
			return nil, cannot(t, d, fmt.Sprintf("only integer scalars that are not intent(out) and real or complex arguments are supported (it is %s)", d.Type))
		}
		p.Args = append(p.Args, a)
	}
	env := &boundEnv{ints: ints, spec: spec, t: t, scope: sym.Inner, p: p}
	for i, d := range sym.Proc.Args {
		if a := p.Args[i]; a.Class == Passive {
			if err := shape(t, d, a, env); err != nil {
				return nil, err
			}
			inputErrs = append(inputErrs, passiveInput(spec, t, a, d.Type)...)
		}
		if a := p.Args[i]; a.Class == Float {
			if err := shape(t, d, a, env); err != nil {
				return nil, err
			}
			inputErrs = append(inputErrs, realInput(spec, t, a)...)
		}
	}
	for _, l := range leaves {
		if err := shapeLeaf(t, l, env); err != nil { // derived.go
			return nil, err
		}
		inputErrs = append(inputErrs, realInput(spec, t, l.arg)...)
		p.Args = append(p.Args, l.arg)
	}
	// Module and common-block variables: reached by use association or
	// a copy of the routine's COMMON statement, never passed.
	commons := map[*sema.Common]bool{}
	for i := 0; i < len(globals); i++ {
		s := globals[i]
		if s.Type != nil && s.Type.IsDerived() {
			rec, l, err := globalRecord(p, t, bt, s) // derived.go
			if err != nil {
				return nil, err
			}
			p.Args = append(p.Args, rec)
			for _, l := range l {
				if err := shapeLeaf(t, l, env); err != nil { // derived.go
					return nil, err
				}
				inputErrs = append(inputErrs, realInput(spec, t, l.arg)...)
				p.Args = append(p.Args, l.arg)
			}
			continue
		}
		a := &Arg{Name: s.Name, Class: Float, Size: 1, Independent: ind[s], Dependent: dep[s], Complex: s.Type.IsComplex(), Type: typeSpec(s.Type), Kind: s.Type.Kind,
			InSection: inSec[s], OutSection: outSec[s], Preset: ind[s] && !dep[s]}
		switch {
		case s.Module() != nil:
			a.Global = s.Module().Name + "::" + s.Name
			p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", s.Module().Name, s.Name))
		case s.Common != nil:
			a.Global = "/" + s.Common.Name + "/" + s.Name
			if !commons[s.Common] {
				commons[s.Common] = true
				decl := sym.Inner.CommonDecl(s.Common.Name)
				if decl == nil {
					return nil, cannotAt(s, "not supported yet by fadj check: %s of %s is in a common block the routine does not declare", a.Global, t.Routine)
				}
				d, err := commonDecls(s.Common.Name, decl.Members)
				if err != nil {
					return nil, fmt.Errorf("fadj check: cannot declare %s of %s: %v", a.Global, t.Routine, err)
				}
				p.Decls = append(p.Decls, d...)
				p.rememberCommon(s.Common.Name, decl.Members) // commons_relaid.go
				// The block's other real members are inputs too: they
				// get base values, and their derivatives are zeroed.
				for _, m := range decl.Members {
					if m.Type != nil && (m.Type.IsReal() || m.Type.IsComplex()) && !containsSym(globals, m) {
						globals = append(globals, m)
					}
				}
			}
		default:
			return nil, cannotAt(s, "not supported yet by fadj check: '%s' of %s is neither an argument nor a module or common-block variable", s.Name, t.Routine)
		}
		if err := shape(t, s, a, env); err != nil {
			return nil, err
		}
		inputErrs = append(inputErrs, realInput(spec, t, a)...)
		p.Args = append(p.Args, a)
	}
	inputIntegers(spec, env) // inputs_globals.go
	inputErrs = append(inputErrs, env.errs...)
	inputErrs = append(inputErrs, sectionBounds(bt, p, env)...) // secbounds.go
	if len(inputErrs) > 0 {
		// What check.inputs says wrongly, all of it at once (with the
		// variables, which tell the names of check.inputs it knows).
		return p, inputErrs
	}
	skip := map[*sema.Symbol]bool{}
	for _, g := range globals {
		skip[g] = true
	}
	p.unsetAllocs = unsetAllocatables(prog.Info, p.Args) // alloc.go
	uses, saved := moduleState(prog.Info, skip, nil, false, 0)
	p.Uses = append(p.Uses, uses...)
	p.Saved = saved
	if isFunc {
		r := sym.Proc.Result
		p.Args = append(p.Args, &Arg{Name: resultName, Class: FuncResult, Type: typeSpec(r.Type), Kind: r.Type.Kind, Size: 1, Complex: r.Type.IsComplex(),
			Dependent: dep[r], Active: true, AdjActive: true})
	}
	if t.Mode.HasTangent() {
		name := t.Name + spec.Output.TangentSuffix
		if err := bindDerivative(p, gen, name, spec.Output.TangentSuffix, false); err != nil {
			return nil, err
		}
		p.Tangent = name
	}
	// An adjoint is tested when the target asks for one, or when there
	// is one anyway (tests add a hand-written one).
	if name := t.Name + spec.Output.Suffix; t.Mode.HasReverse() || hasRoutine(gen, name) {
		if hasRoutine(gen, name) {
			if err := bindDerivative(p, gen, name, spec.Output.Suffix, true); err != nil {
				return nil, err
			}
			p.Adjoint = name
		}
	}
	// The derivatives in generated modules of active module variables
	// the spec does not name are zeroed before every call.
	bound := map[string]bool{}
	for _, a := range p.Args {
		bound[a.DName], bound[a.BName] = true, true
	}
	uses, saved = moduleStateExcept(gen.info, primalVars(prog.Info), nil, bound, true, len(p.Saved))
	p.Uses = append(p.Uses, uses...)
	p.Saved = append(p.Saved, saved...)
	derivativeCommons(p, prog, gen)
	if sym.Module() == nil && hasAssumedShape(sym) {
		if isFunc {
			return nil, cannotAt(sym, "not supported yet by fadj check: the external function %s has assumed-shape dummies (the driver writes interfaces for subroutines only)", t.Routine)
		}
		if err := externalInterfaces(p, sym, gen); err != nil { // interface.go
			return nil, fmt.Errorf("fadj check: %s has assumed-shape dummies: %v", t.Routine, err)
		}
	}
	if err := setupInterface(p, bt.Setup); err != nil { // interface.go
		return nil, fmt.Errorf("fadj check: %s: %v", t.Routine, err)
	}
	return p, nil
}

// derivativeCommons declares, under names of the driver's, the common
// blocks of the generated code that the original code does not have
// (the derivatives of common-block variables) and the spec names none
// of, and zeroes them before every call: the adjoint of a variable that
// is not a dependent is zero on entry.
func derivativeCommons(p *Program, prog *load.Program, gen *genCode) {
	if gen.info == nil {
		return
	}
	orig := map[string]bool{}
	for _, c := range prog.Info.Commons {
		orig[c.Name] = true
	}
	for k, c := range gen.info.Commons {
		if orig[c.Name] || len(c.Decls) == 0 || slices.ContainsFunc(p.Decls, func(d string) bool { return strings.HasPrefix(d, "common /"+c.Name+"/ ") }) {
			continue
		}
		var decls, locals []string
		var zero []Saved
		for i, m := range c.Decls[0].Members {
			if m.Type == nil || !(m.Type.IsReal() || m.Type.IsComplex() || m.Type.IsInteger()) {
				decls = nil
				break
			}
			local := fmt.Sprintf("fadjc%d_%d", k+1, i+1)
			ts := typeSpec(m.Type)
			if m.Type.IsInteger() {
				ts = fmt.Sprintf("integer(%d)", m.Type.Kind)
			}
			dims := ""
			if len(m.Dims) > 0 {
				var ds []string
				for _, d := range m.Dims {
					if _, ok := d.Extent(); !ok {
						ds = nil
						break
					}
					ds = append(ds, fmt.Sprintf("%d:%d", d.Lo.Value, d.Hi.Value))
				}
				if ds == nil {
					decls = nil
					break
				}
				dims = "(" + strings.Join(ds, ", ") + ")"
			}
			decls = append(decls, fmt.Sprintf("%s :: %s%s", ts, local, dims))
			locals = append(locals, local)
			zero = append(zero, Saved{Local: local, Type: ts, Dims: dims, Zero: true})
		}
		if decls == nil {
			continue
		}
		p.Decls = append(p.Decls, decls...)
		p.Decls = append(p.Decls, fmt.Sprintf("common /%s/ %s", c.Name, strings.Join(locals, ", ")))
		p.Saved = append(p.Saved, zero...)
	}
}

// resultName is the driver's variable for a function target's result.
const resultName = "fadjr"

// bindDerivative checks the arguments of the generated derivative
// routine name (tangent, or adjoint if adj) against the target's,
// marks the arguments that have derivatives, and finds the derivatives
// of the module and common-block variables.
func bindDerivative(p *Program, gen *genCode, name, suffix string, adj bool) error {
	got, module, ok := gen.routine(name)
	if !ok {
		return fmt.Errorf("fadj check: the generated code has no routine %s", name)
	}
	if module != "" {
		p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", module, strings.ToLower(name)))
	}
	suffix = strings.ToLower(suffix)
	byName := map[string]*Arg{}
	for _, a := range p.Args {
		if a.Class != FuncResult && a.Global == "" {
			byName[a.Name] = a
		}
	}
	for _, n := range got {
		base, ok := strings.CutSuffix(n, suffix)
		if a := byName[base]; ok && a != nil && byName[n] == nil {
			if adj {
				a.AdjActive = true
			} else {
				a.Active = true
			}
		}
	}
	var want []string
	for _, a := range p.Args {
		if a.Class == FuncResult || a.Global != "" {
			continue
		}
		want = append(want, a.Name)
		if (adj && a.AdjActive) || (!adj && a.Active) {
			want = append(want, a.Name+suffix)
		}
	}
	// A function's tangent returns the result and its tangent, its
	// adjoint takes the adjoint of the result: extra arguments at the end.
	extra := 0
	if n := len(p.Args); n > 0 && p.Args[n-1].Class == FuncResult {
		extra = 2
		if adj {
			extra = 1
		}
	}
	if len(got) != len(want)+extra || strings.Join(got[:len(want)], ",") != strings.Join(want, ",") {
		return fmt.Errorf("fadj check: unexpected arguments of %s: (%s)", name, strings.Join(got, ", "))
	}
	bindLeaves(p, adj) // derived.go
	defer bindGlobalLeaves(p, adj)
	for _, a := range p.Args {
		if a.Global == "" || a.Leaf {
			continue
		}
		dname := a.Name + suffix
		mod, common := gen.global(dname)
		switch {
		case mod != "":
			p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", mod, dname))
		case common != nil:
			d, err := commonDecls(common.Members[0].Common.Name, common.Members)
			if err != nil {
				return fmt.Errorf("fadj check: cannot declare the derivative of %s: %v", a.Global, err)
			}
			// Declared once, for the first of its members.
			if !slices.Contains(p.Decls, d[len(d)-1]) {
				p.Decls = append(p.Decls, d...)
			}
		case relaidCommon(p, gen, a.Global, suffix): // commons_relaid.go
		default:
			// A variable the activity analysis found passive has no
			// derivative.
			continue
		}
		if adj {
			a.BName = dname
		} else {
			a.DName = dname
		}
	}
	return nil
}

// shape sets the bounds and size of an array argument or global. An
// assumed-shape dummy of a module procedure (whose interface the driver
// has by use association, an external one by an interface block) gets
// DefaultInt elements per dimension; the
// last dimension of an assumed-shape or assumed-size dummy gets as many
// as a check.inputs list of values needs.
func shape(t *config.Target, d *sema.Symbol, a *Arg, env *boundEnv) error {
	if ok, err := deferredShape(t, d, a, env); ok { // alloc.go
		return err
	}
	for i, dim := range d.Dims {
		last := i == len(d.Dims)-1
		// An external procedure's gets an interface block
		// (externalInterfaces).
		if dim.Kind == sema.AssumedShape && d.IsDummy() || dim.Kind == sema.AssumedSize && last {
			lo, ok := env.bound(dim.Lo, 1)
			if !ok {
				return cannot(t, d, "its lower bound is neither constant nor an intent(in) integer argument")
			}
			n := DefaultInt
			if in := env.spec.Check.InputFor(a.Name); in != nil && in.List && last && a.Size > 0 && len(in.Values)%a.Size == 0 {
				n = len(in.Values) / a.Size
			} else if dim.Kind == sema.AssumedSize {
				return cannot(t, d, "its last dimension is assumed-size (*): give its values as a list in check.inputs, which sizes it")
			}
			a.Size *= n
			a.Dims = append(a.Dims, fmt.Sprintf("%d:%d", lo, lo+n-1))
			a.AssumedShape = true
			continue
		}
		if dim.Kind != sema.ExplicitShape {
			return cannot(t, d, "its shape is not explicit")
		}
		lo, ok1 := env.bound(dim.Lo, 1)
		hi, ok2 := env.bound(dim.Hi, 0)
		if !ok1 || !ok2 {
			return cannot(t, d, "a bound is neither constant, nor made of integer arguments, nor of public integer module variables check.inputs gives or that have an initial value (check.inputs: {isd: 1} sizes u(isd:ied))")
		}
		a.Size *= max(hi-lo+1, 0)
		a.Dims = append(a.Dims, fmt.Sprintf("%d:%d", lo, hi))
	}
	return nil
}

// commonDecls declares the members of a common block and the block, as
// one scope declares them.
func commonDecls(block string, members []*sema.Symbol) ([]string, error) {
	var out, names []string
	for _, m := range members {
		if m.Type == nil {
			return nil, fmt.Errorf("member '%s' of /%s/ has no type", m.Name, block)
		}
		var ts string
		switch {
		case m.Type.IsReal() || m.Type.IsComplex():
			ts = typeSpec(m.Type)
		case m.Type.IsInteger():
			ts = fmt.Sprintf("integer(%d)", m.Type.Kind)
		default:
			return nil, fmt.Errorf("member '%s' of /%s/ is %s", m.Name, block, m.Type)
		}
		dims := ""
		if len(m.Dims) > 0 {
			var ds []string
			for _, d := range m.Dims {
				if !d.Lo.Const && d.Lo.Expr != nil || !d.Hi.Const {
					return nil, fmt.Errorf("member '%s' of /%s/ has non-constant bounds", m.Name, block)
				}
				lo := int64(1)
				if d.Lo.Const {
					lo = d.Lo.Value
				}
				ds = append(ds, fmt.Sprintf("%d:%d", lo, d.Hi.Value))
			}
			dims = "(" + strings.Join(ds, ", ") + ")"
		}
		out = append(out, fmt.Sprintf("%s :: %s%s", ts, m.Name, dims))
		names = append(names, m.Name)
	}
	return append(out, fmt.Sprintf("common /%s/ %s", block, strings.Join(names, ", "))), nil
}

func hasRoutine(gen *genCode, name string) bool {
	_, _, ok := gen.routine(name)
	return ok
}

func containsSym(list []*sema.Symbol, s *sema.Symbol) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// intInput is the value check.inputs gives an integer argument.
func intInput(t *config.Target, name string, in *config.Input) (int, diag.List) {
	found := ""
	switch {
	case in.Range != nil:
		found = "a range"
	case in.List:
		found = "a list"
	case in.Logical:
		found = "a logical"
	case !in.Integer:
		found = strconv.FormatFloat(in.Values[0], 'g', -1, 64)
	case math.Abs(in.Values[0]) > math.MaxInt32:
		found = "an integer too large for the default integer kind"
	}
	if found != "" {
		return 0, inputErr(in, "'%s' is an integer argument of %s: expected an integer, found %s", name, t.Routine, found)
	}
	return int(in.Values[0]), nil
}

// realInput checks what check.inputs gives a real or complex argument
// or global, and keeps it in a.Value.
func realInput(spec *config.Spec, t *config.Target, a *Arg) diag.List {
	in := spec.Check.InputFor(a.Name)
	if in == nil {
		return nil
	}
	if in.Logical {
		return inputErr(in, "'%s' is a real argument of %s: expected numbers, found a logical", a.Name, t.Routine)
	}
	if err := listLength(t, a, in); err != nil {
		return err
	}
	a.Value = in
	return nil
}

// listLength checks the length of a list check.inputs gives argument a.
func listLength(t *config.Target, a *Arg, in *config.Input) diag.List {
	if in.List && len(in.Values) != a.Size {
		elems := "elements"
		if a.Size == 1 {
			elems = "element"
		}
		return inputErr(in, "'%s' of %s has %d %s, the list %d", a.Name, t.Routine, a.Size, elems, len(in.Values))
	}
	return nil
}

// passiveInput checks what check.inputs gives an integer array, an
// intent(out) integer or a logical argument of type typ (true or false
// for a logical, integers for an integer: a switch, a land mask, an
// index array), and keeps it in a.Value.
func passiveInput(spec *config.Spec, t *config.Target, a *Arg, typ *sema.Type) diag.List {
	in := spec.Check.InputFor(a.Name)
	if in == nil {
		return nil
	}
	want, ok := "integers", !in.Logical && in.Integers && in.Range == nil
	if typ.IsLogical() {
		want, ok = "true or false", in.Logical
	}
	if !ok {
		found := "numbers that are not all integers"
		switch {
		case in.Range != nil:
			found = "a range"
		case in.Logical:
			found = "a logical"
		case typ.IsLogical() && in.List:
			found = "numbers"
		case typ.IsLogical():
			found = "a number"
		}
		return inputErr(in, "'%s' is %s argument of %s: expected %s, found %s", a.Name, article(typ), t.Routine, want, found)
	}
	for _, v := range in.Values {
		if math.Abs(v) > math.MaxInt32 {
			return inputErr(in, "'%s' of %s: %g is too large for an integer", a.Name, t.Routine, v)
		}
	}
	if err := listLength(t, a, in); err != nil {
		return err
	}
	a.Value = in
	return nil
}

// article returns "a logical" or "an integer" for type t.
func article(t *sema.Type) string {
	if t.IsLogical() {
		return "a logical"
	}
	return "an integer"
}

func inputErr(in *config.Input, format string, args ...any) diag.List {
	var l diag.List
	l.Addf(in.ValuePos, "check.inputs: "+format, args...)
	return l
}

func cannot(t *config.Target, d *sema.Symbol, why string) error {
	return &cannotErr{sym: d, msg: fmt.Sprintf("fadj check cannot set argument '%s' of %s: %s", d.Name, t.Routine, why)}
}

// Saved is a module variable the driver restores before every call.
type Saved struct {
	Local string // the driver's name for it (a rename in a USE)
	Type  string
	Dims  string // "(1:4, 1:2)" or "" for a scalar
	// Zero says to set it to zero rather than to its value at the
	// start: a derivative in a generated module.
	Zero bool
}

// moduleState lists the public module variables of the program that
// the driver can save at its start and restore before every call (all
// but constants, allocatables, pointers, protected and character
// variables, and those the spec names, which the driver sets itself),
// so that a routine updating module state (a counter, a time level)
// starts every call from the same state. It returns the USE lines
// that reach them under the driver's names.
func moduleState(info *sema.Info, skip map[*sema.Symbol]bool, skipNames map[string]bool, zero bool, first int) (uses []string, saved []Saved) {
	return moduleStateExcept(info, nil, skip, skipNames, zero, first)
}

// primalVars returns, by module name, the variables the sources'
// modules declare: in the generated code, a module output.augment wrote
// again holds them beside the derivatives, and only the derivatives are
// zeroed (zeroing the primal ones tested nothing: they were the grid
// sizes and switches).
func primalVars(info *sema.Info) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, m := range info.Modules {
		if m.Inner == nil {
			continue
		}
		vars := map[string]bool{}
		for _, s := range m.Inner.Symbols() {
			if s.Kind == sema.VarSym {
				vars[strings.ToLower(s.Name)] = true
			}
		}
		out[strings.ToLower(m.Name)] = vars
	}
	return out
}

// moduleStateExcept is moduleState leaving out the variables primal
// names (by module).
func moduleStateExcept(info *sema.Info, primal map[string]map[string]bool, skip map[*sema.Symbol]bool, skipNames map[string]bool, zero bool, first int) (uses []string, saved []Saved) {
	if info == nil {
		return nil, nil
	}
	for _, m := range info.Modules {
		if m.Inner == nil {
			continue
		}
		var renames []string
		for _, s := range m.Inner.Symbols() {
			if s.Kind != sema.VarSym || s.Type == nil || skip[s] || skipNames[s.Name] || s.Attrs&(sema.AttrParameter|sema.AttrAllocatable|sema.AttrPointer|sema.AttrProtected|sema.AttrPrivate) != 0 {
				continue
			}
			if primal[strings.ToLower(m.Name)][strings.ToLower(s.Name)] {
				continue
			}
			if m.Inner.DefaultPrivate() && s.Attrs&sema.AttrPublic == 0 {
				continue
			}
			var ts string
			switch {
			case s.Type.IsReal() || s.Type.IsComplex():
				ts = typeSpec(s.Type)
			case s.Type.IsInteger():
				ts = fmt.Sprintf("integer(%d)", s.Type.Kind)
			case s.Type.IsLogical():
				ts = fmt.Sprintf("logical(%d)", s.Type.Kind)
			default:
				continue
			}
			var dims []string
			for _, d := range s.Dims {
				if _, ok := d.Extent(); !ok {
					dims = nil
					ts = ""
					break
				}
				dims = append(dims, fmt.Sprintf("%d:%d", d.Lo.Value, d.Hi.Value))
			}
			if ts == "" {
				continue
			}
			local := fmt.Sprintf("fadjg%d", first+len(saved)+1)
			sv := Saved{Local: local, Type: ts, Zero: zero}
			if len(dims) > 0 {
				sv.Dims = "(" + strings.Join(dims, ", ") + ")"
			}
			saved = append(saved, sv)
			renames = append(renames, local+" => "+s.Name)
		}
		if len(renames) > 0 {
			uses = append(uses, fmt.Sprintf("use %s, only: %s", m.Name, strings.Join(renames, ", ")))
		}
	}
	return uses, saved
}
