package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An active scalar of derived type beside array arguments of an
// elemental function (`theta_h(h, p)` with h(:) and a parameter record
// p, as soil and land models write van Genuchten functions). As for a
// real scalar (elementalScalarAdj), each element's adjoint goes to an
// array temporary, here of p's type and of the reference's shape,
// zeroed component by component before the call; after it, each
// element's real components are added to p's adjoint (a loop over the
// elements: components may be arrays). It was declared real of kind 0,
// which gfortran rejects.

// elementalDerivedAdj returns the temporary adjoint, its zeroing (pre)
// and its sum into ar, the adjoint of the scalar, of type t (post); arr
// is an array argument of the reference.
func (g *gen) elementalDerivedAdj(a, ar, arr ast.Expr, t *sema.Type) (tmp ast.Expr, pre, post []ast.Stmt, err error) {
	if len(decl.AllocLeaves(t)) > 0 {
		return nil, nil, nil, notSupported("active scalar '%s' of type %s, which has ALLOCATABLE or POINTER components, beside array arguments of an elemental procedure", exprString(a), t)
	}
	rank := g.info.Rank(arr)
	id := g.allocatable("fadj_esum", decl.DerivedType(t), rank)
	if id == nil {
		return nil, nil, nil, notSupported("generated name 'fadj_esum%d' clashes with a name of '%s'", g.nsave, g.pa.Proc.Name)
	}
	var shape, idx []ast.Expr
	var loops []*ast.DoConstruct
	for k := 1; k <= rank; k++ {
		shape = append(shape, deriv.Call("size", ast.Clone(arr), deriv.Int(k)))
	}
	for k := rank; k >= 1; k-- { // the first subscript innermost
		i := g.newIndex()
		loops = append(loops, &ast.DoConstruct{Var: i, Start: deriv.Int(1), Stop: deriv.Call("size", ast.NewIdent(id.Name), deriv.Int(k)), End: ast.EndStmt{Keyword: "do"}})
		idx = append([]ast.Expr{ast.NewIdent(i.Name)}, idx...)
	}
	pre = append([]ast.Stmt{&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: shape}}}},
		g.zeroRef(ast.NewIdent(id.Name), t, rank)...)
	el := &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: idx}
	body := decl.ForLeaves([]ast.Expr{ar, el}, 0, t.Derived, g.newIndex, func(l []ast.Expr, _ *sema.Type) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: l[0], Rhs: deriv.Add(ast.Clone(l[0]), l[1])}}
	})
	for k := len(loops) - 1; k >= 0; k-- {
		loops[k].Body = body
		body = []ast.Stmt{loops[k]}
	}
	post = append(body, decl.Deallocate(ast.NewIdent(id.Name)))
	return id, pre, post, nil
}
