package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// FollowComponents returns the statements making the ALLOCATABLE
// components (AllocComponents) of derivative d follow those of x, both
// named variables of derived-type variable s: each allocated with x's
// bounds where x's is allocated (zero where newly allocated, or always
// if always), else deallocated. For an array of types, element by
// element, in DO loops over x's bounds (newIndex declares an index).
func FollowComponents(x, d string, s *sema.Symbol, always bool, newIndex func() *ast.Ident) []ast.Stmt {
	comps := AllocComponents(s.Type)
	if len(comps) == 0 {
		return nil
	}
	var xe, de ast.Expr = ast.NewIdent(x), ast.NewIdent(d)
	var loops []*ast.DoConstruct
	if rank := s.Rank(); rank > 0 {
		var idx []ast.Expr
		for k := rank; k >= 1; k-- {
			i := newIndex()
			bound := func(fn string) ast.Expr { return deriv.Call(fn, ast.NewIdent(x), deriv.Int(k)) }
			loops = append(loops, &ast.DoConstruct{Var: i, Start: bound("lbound"), Stop: bound("ubound"), End: ast.EndStmt{Keyword: "do"}})
			idx = append([]ast.Expr{ast.NewIdent(i.Name)}, idx...)
		}
		xe, de = &ast.CallExpr{Fun: xe, Args: idx}, &ast.CallExpr{Fun: de, Args: cloneAll(idx)}
	}
	var body []ast.Stmt
	for _, c := range comps {
		xc := &ast.SelectorExpr{X: ast.Clone(xe), Sel: ast.NewIdent(c.Name)}
		dc := &ast.SelectorExpr{X: ast.Clone(de), Sel: ast.NewIdent(c.Name)}
		zero := &ast.AssignStmt{Lhs: ast.Clone(dc), Rhs: deriv.Const("0", c.Type)}
		body = append(body, Follow(xc, dc, c.Rank(), zero, always))
	}
	return nest(loops, body)
}
