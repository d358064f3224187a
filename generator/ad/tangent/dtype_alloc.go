package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE variables of derived type (type(cell), allocatable ::
// c(:), type(diag), allocatable :: d): the tangent is an allocatable of
// the same type, allocated with the variable as a real allocatable's
// (alloc.go), its real and complex components zeroed where the real
// one's would be zeroed.

// zeroShadow returns one statement zeroing the tangent name of a
// variable of type t and rank rank.
func (g *gen) zeroShadow(name string, t *sema.Type, rank int) ast.Stmt {
	if !decl.IsDerived(t) {
		return zeroTangent(name, t)
	}
	return decl.ZeroBlock(ast.NewIdent(name), rank, t.Derived, g.newIndex)
}

// derivedAllocValue returns the allocation alloc of xd, the tangent of
// derived-type allocatable v, and its value: zero, or the tangent of
// SOURCE= src when src is a variable reference.
func (g *gen) derivedAllocValue(alloc ast.Stmt, xd ast.Expr, v *sema.Symbol, src ast.Expr) ([]ast.Stmt, error) {
	if src == nil {
		return []ast.Stmt{alloc, decl.ZeroBlock(xd, v.Rank(), v.Type.Derived, g.newIndex)}, nil
	}
	b := g.baseSym(src)
	if b == nil {
		return nil, notSupported("ALLOCATE of derived-type '%s' with SOURCE= an expression", v.Name)
	}
	if !g.pa.ActiveVar(b) {
		return []ast.Stmt{alloc, decl.ZeroBlock(xd, v.Rank(), v.Type.Derived, g.newIndex)}, nil
	}
	d, err := g.shadowRef(src)
	if err != nil {
		return nil, err
	}
	return []ast.Stmt{alloc, &ast.AssignStmt{Lhs: xd, Rhs: d}}, nil
}

// derivedRealloc returns the code of s, an assignment to the whole of
// derived-type allocatable a, which may (re)allocate it, with tangent
// statements tan: the primal first, then a's tangent realigned with a
// and set (tan sets it component by component, which needs it
// allocated). When the right side reads a, whose old value tan needs,
// it is rejected.
func (g *gen) derivedRealloc(pre []ast.Stmt, primal ast.Stmt, s *ast.AssignStmt, a *sema.Symbol, tan []ast.Stmt) ([]ast.Stmt, error) {
	if g.references(s.Rhs, a) {
		return nil, notSupported("assignment to the whole of ALLOCATABLE derived-type variable '%s' reading it", a.Name)
	}
	return g.reallocAssign(pre, primal, s.Lhs.(*ast.Ident), a, tan), nil
}
