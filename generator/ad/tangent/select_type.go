package tangent

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// selectType returns SELECT TYPE s with the tangent of each block: the
// associate name stands for the selector there as in s. A selected
// object holding active data is rejected: its tangent object would need
// the selector's dynamic type.
func (g *gen) selectType(s *ast.SelectType) ([]ast.Stmt, error) {
	if err := g.checkCalls(s.Selector); err != nil {
		return nil, err
	}
	if v := selectRoot(g.info, s.Selector); v == nil {
		return nil, notSupported("SELECT TYPE of '%s' in tangent mode (the selector must be a variable or a component of one)", exprString(s.Selector))
	} else if g.pa.ActiveComponent(v, g.info.SelectorPath(s.Selector)) {
		return nil, notSupported("SELECT TYPE of active '%s' in tangent mode (fadj differentiates SELECT TYPE whose selected object holds passive data only; its derivative object would need the selector's dynamic type)", exprString(s.Selector))
	}
	bodies := make([][]ast.Stmt, len(s.Guards))
	for i, gd := range s.Guards {
		body, err := g.stmts(gd.Body)
		if err != nil {
			return nil, err
		}
		bodies[i] = body
	}
	return []ast.Stmt{withBodies(s, bodies)}, nil
}

// selectRoot returns the variable at the root of designator x, through
// associate names, or nil.
func selectRoot(info *sema.Info, x ast.Expr) *sema.Symbol {
	switch e := x.(type) {
	case *ast.Ident:
		v := info.ObjectOf(e)
		if v == nil || v.Kind != sema.VarSym {
			return nil
		}
		if sel := sema.AssocSelector(v); sel != nil {
			return selectRoot(info, sel)
		}
		return v
	case *ast.CallExpr:
		if c, ok := info.Calls[e]; ok && c.Kind == sema.ArrayElement {
			return selectRoot(info, e.Fun)
		}
	case *ast.SelectorExpr:
		return selectRoot(info, e.X)
	}
	return nil
}

// withBodies returns a shallow copy of s whose blocks have bodies.
func withBodies(s *ast.SelectType, bodies [][]ast.Stmt) *ast.SelectType {
	n := ast.Copy(s).(*ast.SelectType)
	n.Guards = make([]*ast.TypeGuard, len(s.Guards))
	for i, gd := range s.Guards {
		c := *gd
		c.Body = bodies[i]
		n.Guards[i] = &c
	}
	return n
}
