package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived types (decl/derived.go, docs/derivedtypes.md): the adjoint of
// a variable p of derived type t is p_b of type t, whose real components
// hold the adjoints of p's. A variable is active as a whole: every real
// component of p_b is zeroed where p_b starts and kept exact, whatever
// the analysis finds of each component. The adjoint of a component
// reference is the same reference with its base renamed (adjRef); the
// TBR analysis tracks a derived-type variable as a whole and a component
// as a part of it, as an element of an array, so a component overwritten
// is recorded as a reference like an element, and a whole derived-type
// value component by component (recordDerived).

// hasShadow reports whether a variable of type t has an adjoint.
func hasShadow(t *sema.Type) bool { return isFloat(t) || (decl.IsDerived(t) && decl.HasFloat(t)) }

// checkDerivedVar rejects the active derived-type variables whose
// adjoints fadj does not build yet, then checks v as a real variable.
func (g *gen) checkDerivedVar(v activity.Var) error {
	s := v.Sym
	switch {
	case s.Type == nil || !s.Type.IsDerived():
		return notSupported("active derived-type component '%s' of a variable of type %s", v, s.Type)
	case s.Attrs.Has(sema.AttrPointer) && (s.Rank() > 0 || decl.HasPointerComponent(s.Type) || len(decl.AllocLeaves(s.Type)) > 0): // (dtype_pointer.go)
		return notSupported("active POINTER derived-type variable '%s', an array or of a type with ALLOCATABLE or POINTER components, in reverse mode", s.Name)
	case s.Attrs.Has(sema.AttrInCommon):
		return notSupported("active derived-type variable '%s' in a common block", s.Name)
	case (s.Attrs.Has(sema.AttrResult) || s == g.result) && !derivedResult(s): // dtype_func.go
		return notSupported("active derived-type function result '%s' that is an array, ALLOCATABLE or POINTER, or has such components", s.Name)
	}
	if err := decl.CheckDerived(s.Type); err != nil {
		return err
	}
	if decl.IsAllocatable(s) {
		if err := decl.CheckAllocDerived(s); err != nil { // dtype_alloc.go
			return err
		}
	}
	if s.Module() != nil && !decl.IsAllocatable(s) && decl.InitsFloat(s.Type) && !decl.ZeroInitOK(s) { // (an allocatable's derivative is zeroed when allocated)
		return notSupported("active module variable '%s' of type '%s', which initialises a real component (its derivative, of the same type, would start at that value: a PRIVATE or CLASS component leaves no structure constructor zeroing it)", s.Name, s.Type.Derived.Name)
	}
	c := *s
	c.Type = sema.Real8
	return g.checkActiveVar(activity.Var{Sym: &c})
}

// newIndex declares a new integer loop index.
func (g *gen) newIndex() *ast.Ident {
	for {
		g.ntmp++
		name := "fadj_i" + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) == nil && !g.declared[name] {
			id, _ := g.local(name, intType)
			return id
		}
	}
}

// zeroRef returns the statements zeroing adjoint reference ref of type t
// and rank rank: one assignment, or one per real component.
func (g *gen) zeroRef(ref ast.Expr, t *sema.Type, rank int) []ast.Stmt {
	if !decl.IsDerived(t) {
		return []ast.Stmt{&ast.AssignStmt{Lhs: ref, Rhs: deriv.Const("0", t)}}
	}
	return decl.ZeroDerived(ref, rank, t.Derived, g.newIndex)
}

// zeroAdj returns the statements zeroing the adjoint name of variable s.
func (g *gen) zeroAdj(name string, s *sema.Symbol) []ast.Stmt {
	return g.zeroRef(ast.NewIdent(name), s.Type, s.Rank())
}

// derivedAssignAdjoint returns the adjoint of s, an assignment of a whole
// derived-type value (p = q, u(i) = p): q_b%a = q_b%a + p_b%a, then
// p_b%a = 0, for each real component a (q_b's increments are skipped
// when q has no adjoint).
func (g *gen) derivedAssignAdjoint(s *ast.AssignStmt) ([]ast.Stmt, error) {
	if r := g.hoistedRef(s.Rhs); r != nil && g.info.Rank(s.Lhs) == 0 && len(decl.AllocLeaves(g.info.TypeOf(s.Lhs))) == 0 {
		lhsB, err := g.adjRef(s.Lhs)
		if err != nil {
			return nil, err
		}
		return g.hoistedPartAdjoint(lhsB, r, g.info.TypeOf(s.Lhs)), nil // dtype_op.go
	}
	if ac := decl.AllocLeaves(g.info.TypeOf(s.Lhs)); len(ac) > 0 {
		// (The components' allocations would have to follow: alloc_comp.go.)
		return nil, notSupported("assignment of a whole value of type '%s', which has the %s component '%s', in reverse mode", g.info.TypeOf(s.Lhs).Derived.Name, ownedKind(ac[0]), ac[0].Name)
	}
	lhsB, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	t, rank := g.info.TypeOf(s.Lhs), g.info.Rank(s.Lhs)
	if c, ok := s.Rhs.(*ast.CallExpr); ok && g.info.Calls[c].Kind == sema.StructConstructor && rank == 0 {
		if b := g.baseSym(s.Lhs); g.references(s.Rhs, b) {
			return g.selfStructAdjoint(lhsB, c, t) // dtype_assign.go
		}
		return g.structAdjoint(lhsB, c, t)
	}
	rb := g.baseSym(s.Rhs)
	if m, ok, err := g.derivedMerge(s); ok { // dtype_merge.go
		if err != nil {
			return nil, err
		}
		return g.mergeAdjoint(s, m)
	}
	if out, ok, err := g.derivedFuncAdjoint(s.Rhs, lhsB, t); ok && rank == 0 { // dtype_func.go
		return out, err
	}
	if rb == nil {
		if g.info.Operators[s.Rhs] != nil && g.pa.ActiveStmt(s) {
			return nil, notSupported("active derived-type assignment from an expression with the defined operator %s on arrays of derived type in reverse mode", opLit(s.Rhs)) // dtype_op.go
		}
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active derived-type assignment from an expression ('%s') in reverse mode", printer.ExprString(s.Rhs))
		}
		return g.zeroRef(lhsB, t, rank), nil
	}
	if !g.hasAdj(rb) {
		return g.zeroRef(lhsB, t, rank), nil
	}
	rhsB, err := g.adjRef(s.Rhs)
	if err != nil {
		return nil, err
	}
	if g.info.Rank(s.Rhs) != rank {
		return g.broadcastAdjoint(lhsB, rhsB, t, rank, rb == g.baseSym(s.Lhs)) // dtype_assign.go
	}
	if rb == g.baseSym(s.Lhs) {
		return g.partsAssignAdjoint(lhsB, rhsB, t, rank) // dtype_assign.go
	}
	return decl.ForLeaves([]ast.Expr{lhsB, rhsB}, rank, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
		return []ast.Stmt{
			&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
			&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
		}
	}), nil
}

// tapeLeaf is a component of a derived-type value a tape can hold.
type tapeLeaf struct {
	ref  ast.Expr
	rank int
	typ  tape.Type
	// alloc is the ALLOCATABLE component the leaf is, recorded with
	// its allocation (alloc_comp.go), or nil.
	alloc *sema.Symbol
	// part: the leaf is a part (%re, %im) of a complex array under a
	// component, saved through a value or temporary (dtype_complex.go).
	part bool
	// nested: the leaf is an array component of this derived type whose
	// components are arrays (col%layers of `type(layer_t) ::
	// layers(nl)`), recorded element by element (dtype_nested.go).
	nested *sema.Type
}

// tapeLeaves returns the components of ref (of derived type ts and rank
// rank) a tape can hold, to record it whole: the numeric and logical
// ones, at any depth; character components are left out as character
// variables are (no partial, subscript or bound reads one).
func tapeLeaves(ref ast.Expr, rank int, ts *sema.Symbol, depth int) ([]tapeLeaf, error) {
	var out []tapeLeaf
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || c.Type.IsCharacter() {
			continue
		}
		if decl.OwnedArray(c) && rank == 0 && allocLeafType(c.Type) && (c.Attrs.Has(sema.AttrAllocatable) || c.Init != nil) { // (nested in scalar components too: decl.AllocPaths; POINTER: ptrcomp.go)
			out = append(out, tapeLeaf{ref: &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}, alloc: c})
			continue
		}
		if decl.OwnedArray(c) && rank == 0 && c.Attrs.Has(sema.AttrAllocatable) && decl.IsDerived(c.Type) && depth < 8 {
			// An array of types (mesh%edges(:)): recorded with its
			// allocation, element by element (allocRecords).
			out = append(out, tapeLeaf{ref: &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}, alloc: c})
			continue
		}
		if stateless(c) { // oop_stateless.go
			continue
		}
		if c.Attrs.Has(sema.AttrPointer) || c.Attrs.Has(sema.AttrAllocatable) {
			return nil, notSupported("ALLOCATABLE or POINTER component '%s%%%s' of a derived-type value recorded in reverse mode", ts.Name, c.Name)
		}
		if rank > 0 && len(c.Dims) > 0 {
			return nil, notSupported("array component '%s%%%s' of an array of derived type recorded in reverse mode", ts.Name, c.Name)
		}
		sub := &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}
		r := rank + len(c.Dims)
		if l, ok := nestedLeaf(sub, r, c, depth); ok { // dtype_nested.go
			out = append(out, l)
			continue
		}
		if decl.IsDerived(c.Type) && depth < 8 {
			l, err := tapeLeaves(sub, r, c.Type.Derived, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, l...)
			continue
		}
		if ps, ok := complexParts(sub, r, c.Type); ok { // dtype_complex.go
			out = append(out, ps...)
			continue
		}
		typ, ok := tape.TypeOf(c.Type)
		if !ok {
			return nil, notSupported("no tape for component '%s%%%s' of type %s", ts.Name, c.Name, c.Type)
		}
		out = append(out, tapeLeaf{ref: sub, rank: r, typ: typ})
	}
	return out, nil
}

// allocLeafType reports whether an ALLOCATABLE (or followed POINTER)
// component of type t is recorded with its allocation: real ones, and
// integer and logical ones (masks, level counts), which have no adjoint
// but whose values and allocation a step may change.
func allocLeafType(t *sema.Type) bool {
	if t.IsReal() {
		return true
	}
	if _, _, ok := complexKind(t); ok {
		return true // alloc_comp_complex.go
	}
	_, ok := tape.TypeOf(t)
	return ok && !t.IsComplex() && !decl.IsDerived(t)
}

// needLoop reports whether a component of ts that a record saves is an
// array or lies under one: an array of ts is then recorded element by
// element (a reference may have only one part of nonzero rank).
func needLoop(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil || c.Type.IsCharacter() {
			continue
		}
		if len(c.Dims) > 0 || (decl.IsDerived(c.Type) && depth < 8 && needLoop(c.Type.Derived, depth+1)) {
			return true
		}
	}
	return false
}

// recordDerived returns the statements recording ref, of derived type t
// and rank rank, with tape operations of kind kind (Push or SnapPush),
// component by component, and those restoring it in the reverse order:
// an array whose components are arrays element by element, in DO loops
// run backwards to restore.
func (g *gen) recordDerived(ref ast.Expr, rank int, t *sema.Type, kind tape.Kind, follow bool) (push, pop []ast.Stmt, err error) {
	if rank > 0 && needLoop(t.Derived, 0) {
		el, fwd, bwd := g.elementDoLoops(ref, rank)
		p, q, err := g.recordDerived(el, 0, t, kind, follow)
		if err != nil {
			return nil, nil, err
		}
		return nestLoops(fwd, p), nestLoops(bwd, q), nil
	}
	leaves, err := tapeLeaves(ref, rank, t.Derived, 0)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range leaves {
		if l.nested != nil {
			p, q, err := g.recordDerived(l.ref, l.rank, l.nested, kind, follow) // element by element
			if err != nil {
				return nil, nil, err
			}
			push, pop = append(push, p...), append(q, pop...)
			continue
		}
		if l.alloc != nil {
			// Its allocation too; its adjoint follows if follow
			// (checkpointAlloc).
			p, q, err := g.saveAlloc(l.ref, l.alloc, true, kind, follow)
			if err != nil {
				return nil, nil, err
			}
			push, pop = append(push, p...), append(q, pop...)
			continue
		}
		op := tape.Op{Kind: kind, Type: l.typ, Ref: l.ref}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		push = append(push, leafLower(op, l.part))
		pop = append([]ast.Stmt{leafLower(op.Inverse(), l.part)}, pop...)
	}
	return push, pop, nil
}

// elementDoLoops returns the element of array ref (of rank rank) at
// new indices (elementLoops), and the loops over them: forward, and
// backward in reverse order (for the restorations of records made in
// the forward ones).
func (g *gen) elementDoLoops(ref ast.Expr, rank int) (el ast.Expr, fwd, bwd []*ast.DoConstruct) {
	el, loops := g.elementLoops(ref, rank) // snap_types.go
	for _, l := range loops {
		fwd = append(fwd, &ast.DoConstruct{Var: l.i, Start: l.lo, Stop: l.hi, End: ast.EndStmt{Keyword: "do"}})
		bwd = append(bwd, &ast.DoConstruct{Var: ast.NewIdent(l.i.Name), Start: ast.Clone(l.hi), Stop: ast.Clone(l.lo), Step: deriv.Int(-1), End: ast.EndStmt{Keyword: "do"}})
	}
	return el, fwd, bwd
}

// nestLoops puts body inside loops, outermost first.
func nestLoops(loops []*ast.DoConstruct, body []ast.Stmt) []ast.Stmt {
	for k := len(loops) - 1; k >= 0; k-- {
		loops[k].Body = body
		body = []ast.Stmt{loops[k]}
	}
	return body
}

// derivedPushPop returns the statements recording x, a reference of
// derived type, and restoring it: a BLOCK of pushes and one of pops.
func (g *gen) derivedPushPop(x ast.Expr) (push, pop ast.Stmt, err error) {
	p, q, err := g.recordDerived(x, g.info.Rank(x), g.info.TypeOf(x), tape.Push, true)
	if err != nil || len(p) == 0 {
		return nil, nil, err
	}
	return &ast.BlockConstruct{Body: p, End: ast.EndStmt{Keyword: "block"}},
		&ast.BlockConstruct{Body: q, End: ast.EndStmt{Keyword: "block"}}, nil
}

// derivedSaves returns the statements saving r with operations of kind
// kind, component by component, and restoring it, when r is a
// derived-type value (ok), for a checkpoint.
func (g *gen) derivedSaves(r tbr.Ref, kind tape.Kind, callee string, follow bool) (push, pop []ast.Stmt, ok bool, err error) {
	t, rank := r.Var.Type, r.Var.Rank()
	if r.Expr != nil {
		t, rank = g.info.TypeOf(r.Expr), g.info.Rank(r.Expr)
	}
	if !decl.IsDerived(t) {
		return nil, nil, false, nil
	}
	ref := r.Expr
	if ref == nil {
		if ref, err = g.wholeRef(r.Var, callee); err != nil {
			return nil, nil, true, err
		}
	}
	push, pop, err = g.recordDerived(ref, rank, t, kind, follow)
	return push, pop, true, err
}

// derivedSymPushPop returns the pushes recording ref, the whole variable
// s of derived type, component by component, and the pops restoring it.
func derivedSymPushPop(ref ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	if s.Rank() > 0 && needLoop(s.Type.Derived, 0) {
		return nil, nil, notSupported("array '%s' of derived type with array components recorded in a split call", s.Name)
	}
	leaves, err := tapeLeaves(ref, s.Rank(), s.Type.Derived, 0)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range leaves {
		if l.nested != nil {
			return nil, nil, notSupported("array component '%s' of derived type with array components recorded in a split call", exprString(l.ref))
		}
		if l.alloc != nil {
			return nil, nil, notSupported("ALLOCATABLE component '%s%%%s' of a derived-type value recorded in a split call", s.Type.Derived.Name, l.alloc.Name)
		}
		op := tape.Op{Kind: tape.Push, Type: l.typ, Ref: l.ref}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		push = append(push, leafLower(op, l.part))
		pop = append([]ast.Stmt{leafLower(op.Inverse(), l.part)}, pop...)
	}
	return push, pop, nil
}

// structAdjoint returns the adjoint of lhs = x, x a structure constructor
// of derived type t and lhsB the adjoint of the scalar lhs: for each
// component, the increments of the adjoints of its expression by lhsB's
// component, then that component zeroed.
func (g *gen) structAdjoint(lhsB ast.Expr, x *ast.CallExpr, t *sema.Type) ([]ast.Stmt, error) {
	parts, err := decl.ConstructorParts(x, t.Derived)
	if err != nil {
		return nil, err
	}
	var out []ast.Stmt
	for _, p := range parts {
		c := p.Comp
		if p.Expr != nil && !g.derivedFuncRef(p.Expr) { // (dtype_func.go)
			if err := g.checkCalls(p.Expr); err != nil {
				return nil, err
			}
		}
		if !decl.HasFloat(c.Type) {
			continue
		}
		sub := &ast.SelectorExpr{X: ast.Clone(lhsB), Sel: ast.NewIdent(c.Name)}
		st, err := g.partAdjoint(sub, c, p.Expr)
		if err != nil {
			return nil, err
		}
		out = append(out, st...)
	}
	return out, nil
}

// partAdjoint returns the adjoint of component c set to e: the
// increments by sub, c's adjoint, then sub zeroed.
func (g *gen) partAdjoint(sub ast.Expr, c *sema.Symbol, e ast.Expr) ([]ast.Stmt, error) {
	zero := g.zeroRef(sub, c.Type, len(c.Dims))
	if e == nil {
		return zero, nil
	}
	if c.Type.IsFloat() {
		incs, err := g.adj(e, g.spread(e, len(c.Dims), sub))
		return append(incs, zero...), err
	}
	if n, ok := e.(*ast.CallExpr); ok && g.info.Calls[n].Kind == sema.StructConstructor && len(c.Dims) == 0 {
		return g.structAdjoint(sub, n, c.Type)
	}
	if b := g.baseSym(e); b != nil && g.info.Rank(e) == len(c.Dims) {
		if !g.hasAdj(b) {
			return zero, nil
		}
		eb, err := g.adjRef(e)
		if err != nil {
			return nil, err
		}
		return decl.ForLeaves([]ast.Expr{sub, eb}, len(c.Dims), c.Type.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
			return []ast.Stmt{
				&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
				&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
			}
		}), nil
	}
	if r := g.hoistedRef(e); r != nil && len(c.Dims) == 0 {
		return g.hoistedPartAdjoint(sub, r, c.Type), nil // dtype_op.go
	}
	if out, ok, err := g.derivedFuncAdjoint(e, sub, c.Type); ok && len(c.Dims) == 0 { // dtype_func.go
		return out, err
	}
	return nil, notSupported("component '%s' of a structure constructor given by an expression in reverse mode", c.Name)
}
