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
// 0.01d0*t, dtype_op.go) or from a variable (hold = h), which
// reallocate h's components when the shapes differ. The old value of h
// is recorded component by component with its allocation, always (the
// adjoints of the references may need the old shapes, h .cat. t, where
// the TBR analysis sees no value read); the backward sweep first moves
// h_b into the right side's adjoint (of the new shape), then restores
// h, its adjoint following each component's allocation (zero where the
// shape changed), before the adjoints of the references run.

// allocDerivedAssign reverses s, whose left side, of derived type t with
// ALLOCATABLE components, takes a value of adjoint rhsB (a hoisted
// reference's temporary, or a variable; nil if it has none).
func (g *gen) allocDerivedAssign(s *ast.AssignStmt, rhsB ast.Expr, t *sema.Type) (fwd, bwd []ast.Stmt, err error) {
	base := g.baseSym(s.Lhs)
	if !g.scalarPath(s.Lhs) || base == nil || base.Rank() != 0 && g.info.Rank(s.Lhs) != 0 || base.Attrs.Has(sema.AttrPointer) || decl.HasPointerComponent(t) {
		return nil, nil, notSupported("assignment of a whole value of type '%s', which has ALLOCATABLE components, to other than a scalar variable or its scalar components in reverse mode", t.Derived.Name)
	}
	if g.info.Assignments[s] != nil {
		return nil, nil, notSupported("defined assignment in reverse mode")
	}
	var pop []ast.Stmt
	if !g.dead[s] {
		if fwd, pop, err = g.recordDerived(s.Lhs, 0, t, tape.Push, false); err != nil {
			return nil, nil, err
		}
		fwd = append(fwd, s)
	}
	if !g.hasAdj(base) {
		return withLabel(s, fwd), pop, nil
	}
	lhsB, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, nil, err
	}
	if rhsB == nil {
		bwd = g.zeroRef(lhsB, t, 0)
	} else {
		bwd = decl.ForLeaves([]ast.Expr{lhsB, rhsB}, 0, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
			return []ast.Stmt{
				&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
				&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
			}
		})
	}
	bwd = append(g.backRef(s, bwd), pop...)
	for _, p := range decl.AllocPaths(t) {
		bwd = append(bwd, decl.ForPath(s.Lhs, s.Lhs, p, false, g.newIndex, func(x, _ ast.Expr, c *sema.Symbol) []ast.Stmt {
			return []ast.Stmt{g.follow(x, c)}
		})...)
	}
	return withLabel(s, fwd), bwd, nil
}

// scalarPath reports whether x is a scalar variable, an element of an
// array variable (work(p)), or a chain of their scalar components, none a
// POINTER (h, p%a).
func (g *gen) scalarPath(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		v := g.info.ObjectOf(id)
		return ok && v != nil && v.Kind == sema.VarSym && v.Rank() == len(x.Args) && g.info.Rank(x) == 0
	case *ast.SelectorExpr:
		t := g.info.TypeOf(x.X)
		if !decl.IsDerived(t) || !g.scalarPath(x.X) {
			return false
		}
		for _, c := range t.Derived.Components {
			if c.Kind == sema.ComponentSym && c.Name == x.Sel.Lower() {
				return len(c.Dims) == 0 && !c.Attrs.Has(sema.AttrPointer) && !c.Attrs.Has(sema.AttrAllocatable)
			}
		}
	}
	return false
}
