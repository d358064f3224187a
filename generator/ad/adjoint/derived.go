package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
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
// value component by component (derivedTape).

// hasShadow reports whether a variable of type t has an adjoint.
func hasShadow(t *sema.Type) bool { return isFloat(t) || (decl.IsDerived(t) && decl.HasFloat(t)) }

// checkDerivedVar rejects the active derived-type variables whose
// adjoints fadj does not build yet, then checks v as a real variable.
func (g *gen) checkDerivedVar(v activity.Var) error {
	s := v.Sym
	switch {
	case s.Type == nil || !s.Type.IsDerived():
		return notSupported("active derived-type component '%s' of a variable of type %s", v, s.Type)
	case s.Attrs.Has(sema.AttrPointer) || s.Attrs.Has(sema.AttrAllocatable):
		return notSupported("active ALLOCATABLE or POINTER derived-type variable '%s' in reverse mode", s.Name)
	case s.Attrs.Has(sema.AttrInCommon):
		return notSupported("active derived-type variable '%s' in a common block", s.Name)
	case s.Attrs.Has(sema.AttrResult) || s == g.result:
		return notSupported("active derived-type function result '%s'", s.Name)
	}
	if err := decl.CheckDerived(s.Type); err != nil {
		return err
	}
	if decl.HasComplex(s.Type) {
		return notSupported("active derived-type variable '%s' with a complex component in reverse mode", s.Name)
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
	lhsB, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	t, rank := g.info.TypeOf(s.Lhs), g.info.Rank(s.Lhs)
	rb := g.baseSym(s.Rhs)
	if rb == nil {
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active derived-type assignment from an expression ('%s') in reverse mode", exprString(s.Rhs))
		}
		return g.zeroRef(lhsB, t, rank), nil
	}
	if !g.hasAdj(rb) {
		return g.zeroRef(lhsB, t, rank), nil
	}
	if rb == g.baseSym(s.Lhs) {
		return nil, notSupported("derived-type assignment between parts of '%s' in reverse mode", rb.Name)
	}
	rhsB, err := g.adjRef(s.Rhs)
	if err != nil {
		return nil, err
	}
	if g.info.Rank(s.Rhs) != rank {
		return nil, notSupported("derived-type assignment of a scalar to an array in reverse mode")
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
		if c.Attrs.Has(sema.AttrPointer) || c.Attrs.Has(sema.AttrAllocatable) {
			return nil, notSupported("ALLOCATABLE or POINTER component '%s%%%s' of a derived-type value recorded in reverse mode", ts.Name, c.Name)
		}
		if rank > 0 && len(c.Dims) > 0 {
			return nil, notSupported("array component '%s%%%s' of an array of derived type recorded in reverse mode", ts.Name, c.Name)
		}
		sub := &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(c.Name)}
		r := rank + len(c.Dims)
		if decl.IsDerived(c.Type) && depth < 8 {
			l, err := tapeLeaves(sub, r, c.Type.Derived, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, l...)
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

// derivedTape returns the operations (their Kind to be set) recording x,
// a reference of derived type, component by component.
func (g *gen) derivedTape(x ast.Expr) ([]tape.Op, error) {
	return tapeOps(x, g.info.Rank(x), g.info.TypeOf(x))
}

// tapeOps returns the operations recording ref, of derived type t and
// rank rank, component by component.
func tapeOps(ref ast.Expr, rank int, t *sema.Type) ([]tape.Op, error) {
	leaves, err := tapeLeaves(ref, rank, t.Derived, 0)
	if err != nil {
		return nil, err
	}
	var ops []tape.Op
	for _, l := range leaves {
		op := tape.Op{Type: l.typ, Ref: l.ref}
		if l.rank > 0 {
			op.Count = tape.Size(l.ref)
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// derivedPushPop returns the statements recording x, a reference of
// derived type, and restoring it: a BLOCK of pushes and one of pops in
// reverse order.
func (g *gen) derivedPushPop(x ast.Expr) (push, pop ast.Stmt, err error) {
	ops, err := g.derivedTape(x)
	if err != nil || len(ops) == 0 {
		return nil, nil, err
	}
	pb := &ast.BlockConstruct{End: ast.EndStmt{Keyword: "block"}}
	qb := &ast.BlockConstruct{End: ast.EndStmt{Keyword: "block"}}
	for _, op := range ops {
		op.Kind = tape.Push
		pb.Body = append(pb.Body, tape.Lower(op))
		qb.Body = append([]ast.Stmt{tape.Lower(op.Inverse())}, qb.Body...)
	}
	return pb, qb, nil
}

// derivedSaves returns the operations (their Kind to be set) saving r
// component by component when r is a derived-type value (ok), for a
// checkpoint.
func (g *gen) derivedSaves(r tbr.Ref, callee string) (ops []tape.Op, ok bool, err error) {
	t, rank := r.Var.Type, r.Var.Rank()
	if r.Expr != nil {
		t, rank = g.info.TypeOf(r.Expr), g.info.Rank(r.Expr)
	}
	if !decl.IsDerived(t) {
		return nil, false, nil
	}
	ref := r.Expr
	if ref == nil {
		if ref, err = g.wholeRef(r.Var, callee); err != nil {
			return nil, true, err
		}
	}
	ops, err = tapeOps(ref, rank, t)
	return ops, true, err
}

// derivedSymPushPop returns the pushes recording ref, the whole variable
// s of derived type, component by component, and the pops restoring it.
func derivedSymPushPop(ref ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	ops, err := tapeOps(ref, s.Rank(), s.Type)
	if err != nil {
		return nil, nil, err
	}
	for _, op := range ops {
		op.Kind = tape.Push
		push = append(push, tape.Lower(op))
		pop = append([]ast.Stmt{tape.Lower(op.Inverse())}, pop...)
	}
	return push, pop, nil
}
