package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Whole assignments of a value of a type with ALLOCATABLE components
// from a hoisted function reference or defined operator (h = h +
// 0.01d0*t, dtype_op.go), which reallocate h's components when the
// shapes differ. The old value of h is recorded component by component
// with its allocation, always (the adjoints of the references may need
// the old shapes, h .cat. t, where the TBR analysis sees no value read);
// the backward sweep first moves h_b into the
// hoisted value's adjoint (still of the new shape), then restores h,
// its adjoint following each component's allocation (zero where the
// shape changed), before the adjoints of the references run.

// allocDerivedAssign reverses s, whose left side, of derived type t with
// ALLOCATABLE components, takes hoisted reference r.
func (g *gen) allocDerivedAssign(s *ast.AssignStmt, r *hoistRef, t *sema.Type) (fwd, bwd []ast.Stmt, err error) {
	base := g.baseSym(s.Lhs)
	if _, ok := s.Lhs.(*ast.Ident); !ok || base == nil || base.Rank() != 0 || base.Attrs.Has(sema.AttrPointer) || decl.HasPointerComponent(t) {
		return nil, nil, notSupported("assignment of a whole value of type '%s', which has ALLOCATABLE components, to other than a scalar variable in reverse mode", t.Derived.Name)
	}
	if g.info.Assignments[s] != nil {
		return nil, nil, notSupported("defined assignment in reverse mode")
	}
	var pop []ast.Stmt
	if !g.dead[s] {
		var push []ast.Stmt
		if push, pop, err = g.recordDerived(s.Lhs, 0, t, tape.Push, false); err != nil {
			return nil, nil, err
		}
		fwd = push
	}
	if !g.dead[s] {
		fwd = append(fwd, s)
	}
	if !g.hasAdj(base) {
		return withLabel(s, fwd), pop, nil
	}
	lhsB, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, nil, err
	}
	bwd = decl.ForLeaves([]ast.Expr{lhsB, ast.NewIdent(r.adj.Name)}, 0, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
		return []ast.Stmt{
			&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
			&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
		}
	})
	bwd = append(g.backRef(s, bwd), pop...)
	for _, p := range decl.AllocPaths(t) {
		bwd = append(bwd, g.follow(decl.PathRef(s.Lhs, p), p[len(p)-1]))
	}
	return withLabel(s, fwd), bwd, nil
}
