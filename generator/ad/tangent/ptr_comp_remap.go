package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Pointer assignments with bounds to a POINTER component of a scalar
// variable (v%flat(1:n*m) => work, a rank-1 view of a 2-D field kept in
// a type): the tangent's component gets the same bounds on the target's
// tangent, v_d%flat(1:n*m) => work_d, as a pointer variable's does.

// componentRemap returns the code of s when it is a pointer assignment
// with bounds to a POINTER component of a scalar variable (ok), and the
// rejection of one to another POINTER component.
func (g *gen) componentRemap(s *ast.PointerAssignStmt) (out []ast.Stmt, ok bool, err error) {
	c, isCall := s.Lhs.(*ast.CallExpr)
	if !isCall || !decl.IsRemap(c) {
		return nil, false, nil
	}
	if _, comp := c.Fun.(*ast.SelectorExpr); comp && !decl.HasFloat(g.info.TypeOf(c.Fun)) {
		return []ast.Stmt{s}, true, nil // (an integer view: no tangent)
	}
	r := decl.PointerComponentIn(g.info, c.Fun)
	if r == nil {
		return nil, false, nil
	}
	if r != c.Fun || !g.scalarComponent(c.Fun) {
		return nil, true, notSupported("pointer assignment with bounds ('%s(...) =>') to POINTER component '%s' (fadj follows one to a POINTER component of a scalar variable)", exprString(c.Fun), exprString(r))
	}
	if x := decl.PointerComponentIn(g.info, s.Rhs); x != nil && !g.ownedComponentTarget(s.Rhs) {
		return nil, true, notSupported("pointer assignment of POINTER component '%s' (fadj follows the association by => of a POINTER component of a scalar variable with a variable)", exprString(x))
	}
	p := g.baseSym(c.Fun)
	if p == nil || !hasShadow(p.Type) || !g.pa.ActiveVar(p) {
		return []ast.Stmt{s}, true, nil
	}
	obj, err := g.shadowRef(c.Fun)
	if err != nil {
		return nil, true, err
	}
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, true, err
	}
	lhs := &ast.CallExpr{Fun: obj, Args: cloneExprs(c.Args)}
	return []ast.Stmt{s, &ast.PointerAssignStmt{Lhs: lhs, Rhs: rhs}}, true, nil
}

// cloneExprs returns copies of xs.
func cloneExprs(xs []ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(xs))
	for i, x := range xs {
		out[i] = ast.Clone(x)
	}
	return out
}

// assocObject returns the pointer object s associates: p of p => t and
// of p(1:n) => t.
func assocObject(s *ast.PointerAssignStmt) ast.Expr {
	if c, ok := s.Lhs.(*ast.CallExpr); ok && decl.IsRemap(c) {
		return c.Fun
	}
	return s.Lhs
}
