package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE real components of active derived-type variables: the
// tangent p_d%u is allocated and deallocated with p%u, zero when
// allocated, and realigned with p%u after an assignment to the whole of
// it (which may reallocate it).

// componentShadow returns, for ALLOCATE or DEALLOCATE object o that is
// p%u or p%u(bounds) with u an ALLOCATABLE component of an active p, p%u,
// its tangent and u's symbol; nil if o is not one.
func (g *gen) componentShadow(o ast.Expr) (x, xd ast.Expr, c *sema.Symbol) {
	e := o
	if call, ok := o.(*ast.CallExpr); ok {
		e = call.Fun
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil
	}
	t := g.info.TypeOf(sel.X)
	b := g.baseSym(sel)
	if !decl.IsDerived(t) || b == nil || !g.pa.ActiveVar(b) {
		return nil, nil, nil
	}
	for _, comp := range decl.AllocComponents(t) {
		if comp.Name == sel.Sel.Lower() {
			d, err := g.shadowRef(sel)
			if err != nil {
				return nil, nil, nil
			}
			return sel, d, comp
		}
	}
	return nil, nil, nil
}

// componentAssign returns the code of p%u = e, p%u a whole ALLOCATABLE
// component of an active p that e does not reference, with tangent
// assignment tan: the assignment, the tangent realigned with p%u, then
// assigned (as reallocAssign for a variable); ok false if s is not one.
func (g *gen) componentAssign(pre []ast.Stmt, primal ast.Stmt, s *ast.AssignStmt, tan []ast.Stmt) ([]ast.Stmt, bool) {
	x, xd, c := g.componentShadow(s.Lhs)
	if c == nil || x != s.Lhs || g.inWhere > 0 || g.references(s.Rhs, g.baseSym(s.Lhs)) || c.Attrs.Has(sema.AttrPointer) { // (no reallocation: ptrcomp.go)
		return nil, false
	}
	out := withPrefix(pre, primal)
	lo, hi := decl.Bounds(ast.Clone(x), c.Rank())
	out = append(out, decl.Realign(xd, lo, hi, decl.AllocateLike(ast.Clone(xd), ast.Clone(x), c.Type, c.Rank()))...)
	return append(out, tan...), true
}

// followComponents returns the alignment on entry of the tangents of the
// ALLOCATABLE components of dummy s (of derived type) with s's, zero
// where newly allocated or always if zero.
func (g *gen) followComponents(s *sema.Symbol, zero bool) []ast.Stmt {
	return decl.FollowComponents(s.Name, g.tname(s), s, zero, g.newIndex)
}

// newIndex declares a new integer loop index.
func (g *gen) newIndex() *ast.Ident { return g.newTemp("fadj_i", sema.Int4) }
