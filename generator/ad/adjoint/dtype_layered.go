package adjoint

import (
	"fmt"
	"path/filepath"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A whole assignment to an ALLOCATABLE component of a layered type
// (decl/derived_layers.go) from a variable of that type: col%layers =
// tmp, a column regridded through a scratch array of layers. Its adjoint
// runs before the restoration of col%layers, while col_b%layers and its
// elements' components have the shapes the assignment gave (the
// adjoints follow the allocation, alloc_comp.go): tmp_b(k)%t =
// tmp_b(k)%t + col_b%layers(k)%t, then col_b%layers(k)%t = 0, element by
// element (decl.ForLeaves), the restoration then aligning col_b%layers
// with the old value (alloc.go's follow).

// layeredAssign reports whether s assigns a whole ALLOCATABLE component
// of a layered type.
func (g *gen) layeredAssign(s *ast.AssignStmt) bool {
	_, comp := s.Lhs.(*ast.SelectorExpr)
	t := g.info.TypeOf(s.Lhs)
	return comp && decl.IsDerived(t) && decl.LayeredType(t) && g.info.Rank(s.Lhs) > 0
}

// layeredAssignAdjoint returns the adjoint of s (layeredAssign).
func (g *gen) layeredAssignAdjoint(s *ast.AssignStmt) ([]ast.Stmt, error) {
	t, rank := g.info.TypeOf(s.Lhs), g.info.Rank(s.Lhs)
	rb := g.baseSym(s.Rhs)
	if rb == nil || rb == g.baseSym(s.Lhs) || g.info.Rank(s.Rhs) != rank || !sameType(g.info.TypeOf(s.Rhs), t) {
		return nil, notSupported("assignment of a whole value of type '%s', which has ALLOCATABLE components, from other than another variable of the type in reverse mode", t.Derived.Name)
	}
	lhsB, err := g.adjRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	if !g.hasAdj(rb) {
		return g.zeroRef(lhsB, t, rank), nil
	}
	rhsB, err := g.adjRef(s.Rhs)
	if err != nil {
		return nil, err
	}
	// The elements pair up by position: the same lower bounds (the
	// assignment keeps the left side's when it does not reallocate).
	where := g.fset.Position(s.Pos())
	stop := &ast.StopStmt{Error: true, Code: &ast.BasicLit{Kind: token.STRING,
		Value: fmt.Sprintf("'fadj: %s:%d: lower bounds of %s differ from its value''s'", filepath.Base(where.Filename), where.Line, exprString(s.Lhs))}}
	guard := decl.If(&ast.CallExpr{Fun: ast.NewIdent("any"), Args: []ast.Expr{&ast.BinaryExpr{X: deriv.Call("lbound", ast.Clone(s.Lhs)), Op: token.NE, OpLit: "/=", Y: deriv.Call("lbound", ast.Clone(s.Rhs))}}}, stop)
	inc := decl.ForLeaves([]ast.Expr{lhsB, rhsB}, rank, t.Derived, g.newIndex, func(l []ast.Expr, ct *sema.Type) []ast.Stmt {
		return []ast.Stmt{
			&ast.AssignStmt{Lhs: l[1], Rhs: deriv.Add(ast.Clone(l[1]), ast.Clone(l[0]))},
			&ast.AssignStmt{Lhs: ast.Clone(l[0]), Rhs: deriv.Const("0", ct)},
		}
	})
	return append([]ast.Stmt{guard}, inc...), nil
}
