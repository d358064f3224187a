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
	if err := g.selfTarget(s); err != nil {
		return nil, true, err
	}
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

// selfTarget rejects the association of a POINTER component with a part
// of its own variable (v%p => v%a): the activity analysis tracks v%p and
// v%a as two paths, and would miss what a write through v%p does to
// v%a (the tangent of v%p(i) = v%p(i) + v%p(i-1)**2 was zero).
func (g *gen) selfTarget(s *ast.PointerAssignStmt) error {
	obj := assocObject(s)
	if _, ok := obj.(*ast.SelectorExpr); !ok || decl.PointerComponentIn(g.info, obj) == nil {
		return nil
	}
	if b := g.baseSym(obj); b != nil && b == g.baseSym(s.Rhs) && !isIdentExpr(s.Rhs) {
		return notSupported("association of POINTER component '%s' with '%s', a part of the same variable", exprString(obj), exprString(s.Rhs))
	}
	return nil
}

// isIdentExpr reports whether x is a name.
func isIdentExpr(x ast.Expr) bool {
	_, ok := x.(*ast.Ident)
	return ok
}
