package adjoint

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/sema"
)

// routine is the adjoint routine of one version being assembled, from
// its header to its body.
type routine struct {
	u          *ast.Unit // the original
	nu         *ast.Unit // foo_b (or foo_bwd)
	resultDecl ast.Stmt  // a function's result, declared as a local
	adjSyms    []*sema.Symbol
	seed       []ast.Stmt // a function's: its result's adjoint from the argument
	// inits zero adjoints at the start of the backward sweep, finals at
	// its end; adecls declare the adjoints.
	inits, finals, adecls []ast.Stmt
	fwd, bwd              []ast.Stmt
	entry                 []ast.Stmt // before the forward sweep (pointer.go)
	// keep copies dependents after the forward sweep, back restores them
	// after the backward sweep (outputs.go).
	keep, back []ast.Stmt
	globalDefs modref.Set // the globals it may define (global_defs.go)
}

// unit returns the adjoint routines of the version: foo_b, or foo_fwd and
// foo_bwd for its split form.
func (g *gen) unit() ([]*ast.Unit, error) {
	u := g.pa.Unit
	if err := g.checkUnit(u); err != nil {
		return nil, err
	}
	if err := loops.CheckLocality(g.fset, u.Body, "reverse mode"); err != nil {
		return nil, err
	}
	vars := append(g.checkActiveVars(), g.checkPassiveRefs()...) // pointer_passive_refs.go
	r := &routine{u: u}
	if err := g.header(r); err != nil {
		return nil, err
	}
	if err := g.targetNameClash(r); err != nil { // target_clash.go
		return nil, err
	}
	if err := g.adjointArgs(r); err != nil {
		return nil, err
	}
	if len(vars) > 0 {
		return nil, g.bodyErrors(r, vars)
	}
	if err := g.adjointDecls(r); err != nil {
		return nil, err
	}
	if err := g.sweeps(r); err != nil {
		return nil, err
	}
	if err := g.reassocInits(r); err != nil { // pointer_alloc_target.go
		return nil, err
	}
	var err error
	if r.keep, r.back, err = g.keepOutputs(r); err != nil {
		return nil, err
	}
	if err := g.keepSaved(r); err != nil { // phys_saved.go
		return nil, err
	}
	g.declarations(r)
	units, err := g.splitForm(r)
	if err != nil {
		return nil, err
	}
	g.body(r)
	g.internalProcs(r, units)
	units = append(units, r.nu)
	for _, nu := range units {
		decl.PruneUnused(nu, g.activeSyms(), g.suffix) // (alloc_clash.go)
		decl.MoldBounds(nu, g.scope)                   // (alloc_mold.go)
	}
	return units, nil
}

// checkUnit sets the scope, host or module of the version and rejects
// what reverse mode does not handle in it.
func (g *gen) checkUnit(u *ast.Unit) error {
	pa := g.pa
	if u == nil {
		return notSupported("procedure '%s' without a body", pa.Proc.Name)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return notSupported("adjoint of %s '%s'", u.Kind, pa.Proc.Name)
	}
	g.scope = g.info.ScopeOf(u)
	if g.scope == nil {
		return fmt.Errorf("adjoint: no scope for '%s'", pa.Proc.Name)
	}
	if p := g.scope.Parent; p != nil && p.Kind != sema.ModuleScope {
		// An internal procedure: its adjoint goes into the host's,
		// where the host's variables and adjoints are host-associated.
		if p.Kind != sema.SubroutineScope && p.Kind != sema.FunctionScope {
			return notSupported("internal procedure '%s' of a %s", pa.Proc.Name, p.Kind)
		}
		g.host = p
	} else if p != nil {
		// Its private entities are copied into m_b (decl.Private).
		g.module = p.Symbol
	}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.StmtFunction:
			// Those left after inline.StatementFunctions convert their
			// value on return.
			return diag.At(g.fset, d.Pos(), notSupported("statement function '%s' whose expression's type is not its own, in reverse mode", d.Name.Name))
		}
	}
	return nil
}

// bodyErrors returns errs, the active variables the version cannot have
// adjoints for, with the constructs of its body reverse mode rejects, so
// that they are reported together. The body is reversed without the
// declarations those variables lack; code relying on them may fail other
// than by an error (a panic), which only loses the body's errors.
func (g *gen) bodyErrors(r *routine, errs diag.List) (out error) {
	defer func() {
		if recover() != nil {
			out = errs
		}
	}()
	if err := g.sweeps(r); err != nil {
		errs.AddErr(g.fset, r.u.Pos(), err)
	}
	return errs
}

// checkActiveVars returns, at their declarations, the active variables
// reverse mode cannot give an adjoint yet.
func (g *gen) checkActiveVars() diag.List {
	pa := g.pa
	var errs diag.List
	seen := map[*sema.Symbol]bool{}
	for _, v := range pa.ActiveVars() {
		if seen[v.Sym] {
			continue // the components of a derived-type variable
		}
		seen[v.Sym] = true
		if err := g.checkActiveVar(v); err != nil {
			errs.AddErr(g.fset, v.Sym.Pos, err)
		}
	}
	return errs
}

// checkActiveVar rejects active variable v if reverse mode cannot give
// it an adjoint yet.
func (g *gen) checkActiveVar(v activity.Var) error {
	pa, s := g.pa, v.Sym
	switch {
	case v.Path != "" || (s.Type != nil && s.Type.IsDerived()):
		return g.checkDerivedVar(v) // derived.go
	case g.checkModulePointers(s) != nil:
		return g.checkModulePointers(s) // ptr_module.go
	case s.Module() != nil || s.Attrs.Has(sema.AttrInCommon):
		return nil // globals.go
	case g.host != nil && s.Owner == g.host:
		return nil // the host declares its adjoint
	case s.Kind == sema.CommonSym:
		pos, err := decl.WholeCommon(s, g.scope, pa.Proc.Name)
		return diag.At(g.fset, pos, err)
	case s.Owner != nil && s.Owner.Kind == sema.BlockScope:
		// Its BLOCK kept its declarations (inline.BlockLocals), which
		// the BLOCK's own rejection says.
		return notSupported("active local '%s' of a BLOCK construct in '%s'", v, pa.Proc.Name)
	case s.Owner != g.scope:
		return notSupported("active global variable '%s' in '%s'", v, pa.Proc.Name)
	case !s.IsDummy() && (s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || g.scope.SaveAll()):
		return diag.At(g.fset, decl.SavedPos(pa.Unit.Decls, s), notSupported("active saved variable '%s' (its value, and its derivative, carry over from one call of '%s' to the next)", s.Name, pa.Proc.Name))
	case s.Attrs.Has(sema.AttrPointer) && !g.pointerOK(s): // pointer.go
		return notSupported("active pointer variable '%s' in '%s'", s.Name, pa.Proc.Name)
	}
	return nil
}

// header starts the adjoint routine: its name and prefixes, and for a
// function the name of its result's adjoint.
func (g *gen) header(r *routine) error {
	pa, u := g.pa, r.u
	r.nu = &ast.Unit{Kind: ast.SubroutineUnit, Name: ast.NewIdent(routineName(pa, g.suffix))}
	for _, k := range u.Prefix {
		switch k.Name {
		case "recursive":
			r.nu.Prefix = append(r.nu.Prefix, k)
		}
		// PURE is dropped: the adjoint pushes on the tape; ELEMENTAL
		// becomes IMPURE ELEMENTAL (elemental.go).
	}
	r.nu.Prefix = append(r.nu.Prefix, elementalPrefix(pa)...)
	if u.Kind != ast.FunctionUnit {
		return nil
	}
	// A function becomes a subroutine f_b(args with adjoints,
	// fadj_result_b): the adjoint of its result is the last argument, an
	// input; the result is a local variable.
	name := u.Name
	if u.Result != nil {
		name = u.Result
	}
	g.result = g.scope.LookupLocal(name.Lower())
	res := g.result
	if res == nil || res.Kind != sema.VarSym || res.Type == nil || !(res.Type.IsReal() || res.Type.IsComplex() || derivedResult(res)) || !resultShapeOK(res) || !pa.ActiveOut(res) {
		return notSupported("function '%s' without an active real scalar result in reverse mode", pa.Proc.Name)
	}
	g.resultB = res.Name + g.suffix
	if u.Result == nil || strings.EqualFold(g.resultB, r.nu.Name.Name) {
		// f_b names the adjoint routine (of this or another version).
		g.resultB = res.Name + "_res" + g.suffix
	}
	if u.Type != nil {
		r.resultDecl = &ast.TypeDecl{Type: u.Type, DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name.Name)}}}
	}
	return nil
}

// adjointArgs gives the routine its arguments (each active dummy followed
// by its adjoint, a function's result's adjoint last) and lists the
// variables with adjoints.
func (g *gen) adjointArgs(r *routine) error {
	pa, nu := g.pa, r.nu
	for _, a := range r.u.Args {
		if a.Name == "*" {
			return notSupported("alternate return in reverse mode")
		}
		nu.Args = append(nu.Args, a)
		s := g.scope.LookupLocal(a.Lower())
		if s != nil && inPattern(pa, s) {
			if err := decl.Polymorphic(s.Type, "variable"); err != nil {
				return diag.At(g.fset, s.Pos, err)
			}
			if s.Type == nil || !(s.Type.IsReal() || s.Type.IsComplex() || decl.IsDerived(s.Type) && decl.HasFloat(s.Type)) { // complex.go
				return diag.At(g.fset, s.Pos, notSupported("active dummy '%s' of type %s in reverse mode", s.Name, s.Type))
			}
			nu.Args = append(nu.Args, ast.NewIdent(a.Name+g.suffix))
			r.adjSyms = append(r.adjSyms, s)
		}
	}
	for _, v := range pa.ActiveVars() {
		if g.hasAdj(v.Sym) && !containsSym(r.adjSyms, v.Sym) {
			r.adjSyms = append(r.adjSyms, v.Sym)
		}
	}
	for _, s := range append(g.aliasedLocals(), g.modPtrMembers()...) { // pointer.go, ptr_module.go
		if !containsSym(r.adjSyms, s) {
			r.adjSyms = append(r.adjSyms, s)
		}
	}
	// A host declares the adjoints its internal procedures' adjoints use.
	for _, s := range g.sh.hostVars[g.scope] {
		if !containsSym(r.adjSyms, s) {
			r.adjSyms = append(r.adjSyms, s)
		}
	}
	if g.result == nil {
		return nil
	}
	if !containsSym(r.adjSyms, g.result) {
		r.adjSyms = append(r.adjSyms, g.result)
	}
	rb, err := g.local("fadj_result"+g.suffix, g.result.Type)
	if err != nil {
		return err
	}
	g.decls = g.decls[:len(g.decls)-1] // declared as a dummy below
	nu.Args = append(nu.Args, rb)
	r.seed = append(r.seed, &ast.AssignStmt{Lhs: ast.NewIdent(g.resultB), Rhs: rb})
	e := &ast.Entity{Name: ast.NewIdent(rb.Name)}
	if g.result.Rank() > 0 { // an array result (funcref_hoist.go)
		d, err := g.decl(g.result)
		if err != nil {
			return err
		}
		e.Dims = d.(*ast.TypeDecl).Entities[0].Dims
	}
	g.decls = append(g.decls, &ast.TypeDecl{Type: g.resultType(), // dtype_func.go
		Attrs: []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentIn}}, DColon: true,
		Entities: []*ast.Entity{e}})
	return nil
}

// adjointDecls declares the adjoint of each variable with one (host and
// global ones where they belong) and decides which are zeroed at the
// start of the backward sweep (inits) and at its end (finals).
func (g *gen) adjointDecls(r *routine) error {
	pa, u := g.pa, r.u
	for _, s := range r.adjSyms {
		if !s.Type.IsReal() && !decl.IsDerived(s.Type) && !g.complexLocal(s) { // complex.go
			return diag.At(g.fset, s.Pos, notSupported("complex active variable '%s' in reverse mode", s.Name))
		}
		if g.scope.LookupLocal(strings.ToLower(g.aname(s))) != nil {
			return notSupported("adjoint name '%s' clashes with a name of '%s'", g.aname(s), pa.Proc.Name)
		}
		if g.host != nil && s.Owner == g.host {
			// Host-associated, like a global: declared by the host.
			if !containsSym(g.sh.hostVars[g.host], s) {
				g.sh.hostVars[g.host] = append(g.sh.hostVars[g.host], s)
			}
			if !pa.ActiveOut(s) && decl.Assigns(g.info, u.Body, s) {
				r.inits = append(r.inits, g.zeroAdj(g.aname(s), s)...)
			}
			continue
		}
		if s.Module() != nil || s.Attrs.Has(sema.AttrInCommon) {
			if err := g.globalAdjDecl(r, s); err != nil {
				return err
			}
			continue
		}
		d, err := g.decl(s)
		if err != nil {
			return err
		}
		r.adecls = append(r.adecls, d)
		zero := &ast.AssignStmt{Lhs: ast.NewIdent(g.aname(s)), Rhs: deriv.Const("0", s.Type)}
		if s.Attrs.Has(sema.AttrPointer) { // pointer.go
			if !g.pointerOK(s) {
				return diag.At(g.fset, s.Pos, notSupported("active pointer variable '%s' in '%s'", s.Name, pa.Proc.Name))
			}
			if !s.IsDummy() {
				init, err := g.pointerInit(s)
				if err != nil {
					return err
				}
				r.entry = append(r.entry, init...)
			}
			continue
		}
		if decl.IsAllocatable(s) {
			g.allocAdjInit(r, s, zero) // alloc.go
			continue
		}
		r.inits = append(r.inits, g.componentInits(s, g.aname(s))...) // alloc_comp.go
		if !s.IsDummy() || !inPattern(pa, s) {
			r.inits = append(r.inits, g.zeroAdj(g.aname(s), s)...)
		} else if s.Attrs.Has(sema.AttrValue) {
			if err := g.valueAdj(r, s); err != nil { // value.go
				return err
			}
		} else if s.Intent == ast.IntentOut {
			r.finals = append(r.finals, g.zeroAdj(g.aname(s), s)...)
		}
	}
	return nil
}

// globalAdjDecl declares the adjoint of module or common variable s, and
// zeroes it first if the routine computes its value on exit passively.
func (g *gen) globalAdjDecl(r *routine, s *sema.Symbol) error {
	var err error
	if s.Module() != nil {
		err = g.globalAdj(s)
	} else {
		err = g.commonAdj(s)
	}
	if err != nil {
		return err
	}
	if s.Attrs.Has(sema.AttrPointer) {
		return nil // its targets' adjoints are zeroed (ptr_module.go)
	}
	passive := !g.pa.ActiveOut(s) && (s.Module() != nil || decl.Declares(g.scope, s)) && g.definesGlobal(r, s) // global_defs.go
	if err := g.hiddenGlobal(r, s, passive || decl.IsAllocatable(s) || len(decl.AllocLeaves(s.Type)) > 0); err != nil {
		return err // alloc_clash.go
	}
	zero := &ast.AssignStmt{Lhs: ast.NewIdent(decl.ReachName(g.scope, r.u.Decls, s, g.suffix) + g.suffix), Rhs: deriv.Const("0", s.Type)}
	if decl.IsAllocatable(s) {
		x, err := g.globalAlloc(r, s) // alloc.go
		if err != nil {
			return err
		}
		r.inits = append(r.inits, decl.FollowLike(x, zero.Lhs, s.Rank(), s.Type, g.zeroForOf(zero, s, x.Name), passive))
		// (kept allocated, its components may still differ: refined)
		r.inits = append(r.inits, decl.FollowAllocated(x.Name, exprString(zero.Lhs), s, passive, g.newIndex)...)
		return nil
	}
	if len(decl.AllocLeaves(s.Type)) > 0 { // alloc_comp.go
		x, err := g.globalAlloc(r, s)
		if err != nil {
			return err
		}
		r.inits = append(r.inits, decl.FollowComponents(x.Name, decl.ReachName(g.scope, r.u.Decls, s, g.suffix)+g.suffix, s, passive, g.newIndex)...)
	}
	if passive {
		// Its value on exit, which the routine computes, is passive
		// here: a stale adjoint must not flow back. (One it only reads
		// accumulates, like an input.)
		r.inits = append(r.inits, g.zeroAdj(decl.ReachName(g.scope, r.u.Decls, s, g.suffix)+g.suffix, s)...)
	}
	return nil
}

// sweeps builds the forward and backward sweeps of the body.
func (g *gen) sweeps(r *routine) error {
	body := liveness.Body(r.u)
	if err := g.findJumps(body, r.u.Decls); err != nil {
		return err
	}
	g.liveness(body)
	var err error
	r.fwd, r.bwd, err = g.stmts(body)
	// ptr_module.go: module pointers' adjoints follow them on entry.
	err = g.modPtrEntry(r, err)
	err = g.passiveEntry(r, err) // pointer_passive.go

	r.fwd, r.bwd = g.ompStrip(r.fwd, false), g.ompStrip(r.bwd, true) // omp.go
	r.fwd, r.bwd = g.ompMerge(r.fwd), g.ompMerge(r.bwd)              // omp_region.go

	// Copies of checkpointed loops' forms get labels of their own.
	r.bwd = g.unshare(r.bwd, map[ast.Stmt]bool{}) // binomial_far.go
	return g.ompCheck(r.u, err)
}

// declarations gives the routine its specification part: the runtime,
// the adjoint modules it uses, interfaces, the original declarations (with
// the effective intents), the result, the adjoints and the generated
// locals.
func (g *gen) declarations(r *routine) {
	u, nu := r.u, r.nu
	nu.Decls = append(nu.Decls, &ast.UseStmt{Module: ast.NewIdent(g.runtime)})
	procs := g.calleeModules()
	for _, m := range g.info.Modules {
		if !g.useMods[m] || m == decl.OwnModule(g.module, g.host) {
			continue
		}
		var vars []*sema.Symbol
		for _, s := range r.adjSyms {
			if s.Module() == m && g.sh.declared[s] {
				vars = append(vars, s)
			}
		}
		nu.Decls = append(nu.Decls, decl.Use(m, g.suffix, decl.ReachDecls(g.scope, u.Decls, vars, g.suffix), vars, procs[m])) // (hidden ones renamed: alloc_clash.go)
	}
	nu.Decls = append(nu.Decls, g.uses...)
	orig := decl.EffectiveIntents(g.scope, u.Decls)
	// The original's USE, IMPORT and IMPLICIT statements precede the
	// interface block, as the standard orders a specification part.
	lead := decl.Leading(orig)
	nu.Decls = append(nu.Decls, orig[:lead]...)
	if ib := g.interfaces(); ib != nil {
		nu.Decls = append(nu.Decls, ib)
	}
	// DATA statements come after the declarations (as in the
	// original, where the variables they name are declared first).
	var data []ast.Stmt
	for _, d := range orig[lead:] {
		switch d.(type) {
		case *ast.FormatStmt:
			continue
		case *ast.DataStmt:
			data = append(data, d)
			continue
		}
		nu.Decls = append(nu.Decls, d)
	}
	if r.resultDecl != nil {
		nu.Decls = append(nu.Decls, r.resultDecl)
	}
	nu.Decls = append(nu.Decls, r.adecls...)
	nu.Decls = append(nu.Decls, g.decls...)
	walkStmts(u.Body, func(s ast.Stmt) {
		if d, ok := s.(*ast.DataStmt); ok {
			data = append(data, d) // one among the executable statements
		}
	})
	nu.Decls = append(nu.Decls, data...)
	if g.declared["fadj_jump"] {
		// Jumps leaving loops by EXIT alone leave it unset.
		nu.Body = append(nu.Body, &ast.AssignStmt{Lhs: ast.NewIdent("fadj_jump"), Rhs: deriv.Int(0)})
	}
}

// calleeModules returns, by module, the adjoint routines of the module
// procedures the version calls (noting the modules to use).
func (g *gen) calleeModules() map[*sema.Symbol][]string {
	procs := map[*sema.Symbol][]string{}
	for _, c := range g.pa.Callees() {
		if c.Unit == nil {
			continue
		}
		if cs := g.info.ScopeOf(c.Unit); cs != nil && cs.Parent != nil && cs.Parent.Kind == sema.ModuleScope && cs.Parent.Symbol != g.module {
			m := cs.Parent.Symbol
			g.useMods[m] = true
			if g.sh.forms[c].split {
				procs[m] = append(procs[m], routineName(c, "_fwd"), routineName(c, "_bwd"))
			}
			if g.sh.forms[c].joint {
				procs[m] = append(procs[m], routineName(c, g.suffix))
			}
		}
	}
	return procs
}

// splitForm returns, for the split form, foo_fwd (and the forward sweeps
// of its split internal procedures) and turns the routine into foo_bwd.
func (g *gen) splitForm(r *routine) ([]*ast.Unit, error) {
	if !g.split {
		return nil, nil
	}
	nu := r.nu
	// foo_fwd gets the declarations but the adjoints'.
	var decls []ast.Stmt
	for _, d := range nu.Decls {
		if !containsStmt(r.adecls, d) {
			decls = append(decls, d)
		}
	}
	fwdBody := nu.Body // fadj_jump = 0
	n := len(g.decls)
	rpush, replay, err := g.splitReplays() // split_replay.go
	if err != nil {
		return nil, err
	}
	units, err := g.splitUnits(r.u, decls, append(append(fwdBody, r.fwd...), rpush...))
	if err != nil {
		return nil, err
	}
	// The locals of foo_fwd's records and foo_bwd's restorations
	// (alloc_split.go).
	units[0].Decls = append(units[0].Decls, usedDecls(g.decls[n:], units[0].Body)...)
	nu.Decls = append(nu.Decls, g.decls[n:]...)
	nu.Name = ast.NewIdent(routineName(g.pa, "_bwd"))
	nu.Decls = g.bwdInOut(nu.Decls) // dtype_bwd_intent.go
	nu.Body = g.bwdPrefix
	r.inits = append(append(r.inits, g.splitAssocs...), replay...) // (after the adjoints' allocation: split_pointer.go)
	r.fwd = nil
	return units, nil
}

// body assembles the routine's statements: the forward sweep, the
// zeroing of adjoints, a function's seed, the backward sweep and the
// final zeroing, without the dead zeroing at its end.
func (g *gen) body(r *routine) {
	nu := r.nu
	nu.Body = append(nu.Body, r.entry...)
	nu.Body = append(nu.Body, r.fwd...)
	nu.Body = append(nu.Body, r.keep...)
	nu.Body = append(nu.Body, r.inits...)
	nu.Body = append(nu.Body, g.bwdAssocs...) // (after the adjoints' allocation: wrf_module_target.go)
	nu.Body = append(nu.Body, r.seed...)
	nu.Body = append(nu.Body, r.bwd...)
	nu.Body = g.withoutDeadZeroing(r, nu.Body)
	for _, f := range r.finals {
		// The backward sweep may end zeroing it already (y = c).
		if n := len(nu.Body); n > 0 && sameStmt(nu.Body[n-1], f) {
			continue
		}
		nu.Body = append(nu.Body, f)
	}
	nu.Body = append(nu.Body, r.back...)
	nu.End = ast.EndStmt{Keyword: "subroutine", Name: nu.Name}
}

// withoutDeadZeroing drops from the trailing run of constant assignments
// (which reads nothing) those to locals' adjoints: dead code, the adjoint
// of an assignment y = c at the routine's start.
func (g *gen) withoutDeadZeroing(r *routine, body []ast.Stmt) []ast.Stmt {
	locals := map[string]bool{}
	for _, s := range r.adjSyms {
		if !s.IsDummy() && s.Owner == g.scope && s != g.result && !s.Attrs.Has(sema.AttrSave) && !g.scope.SaveAll() {
			locals[strings.ToLower(g.aname(s))] = true
		}
	}
	start := len(body)
	for start > 0 {
		a, ok := body[start-1].(*ast.AssignStmt)
		if !ok || a.Label != 0 {
			break
		}
		if _, lit := a.Rhs.(*ast.BasicLit); !lit {
			break
		}
		start--
	}
	kept := body[:start]
	for _, st := range body[start:] {
		if id, ok := st.(*ast.AssignStmt).Lhs.(*ast.Ident); ok && locals[strings.ToLower(id.Name)] {
			continue
		}
		kept = append(kept, st)
	}
	return kept
}

// internalProcs gives the routines their internal procedures: the
// originals (the forward sweep calls them) and the adjoints generated for
// them.
func (g *gen) internalProcs(r *routine, units []*ast.Unit) {
	u, nu := r.u, r.nu
	if len(u.Procs) == 0 && len(g.sh.internal[u]) == 0 && len(g.sh.internalFwd[u]) == 0 {
		return
	}
	// The host's foo_fwd (split) gets the originals and the forward
	// sweeps of split internal procedures; its adjoint (or foo_bwd) the
	// originals and the other adjoints.
	for _, w := range units {
		w.Contains = &ast.StmtHeader{}
		w.Procs = append(append(w.Procs, u.Procs...), g.sh.internalFwd[u]...)
	}
	nu.Contains = &ast.StmtHeader{}
	nu.Procs = append(append(nu.Procs, u.Procs...), g.sh.internal[u]...)
	if len(units) == 0 {
		// Joint host: its adjoint runs the forward sweeps too.
		nu.Procs = append(nu.Procs, g.sh.internalFwd[u]...)
	}
}
