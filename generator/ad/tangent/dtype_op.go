package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Defined operators on derived types (`h = h + 0.01d0*t`, operator(+)
// => add_field): each expression with one whose specific procedure has
// a tangent version is hoisted as a reference of that procedure with the
// operands as arguments (the first dummy takes the left operand), operands
// first, as function references are (funcs.go): call
// scale_field_d(0.01d0, t, t_d, res1, res1_d); call add_field_d(h, h_d,
// res1, res1_d, res2, res2_d); h = res2; h_d = res2_d. The reference is
// a node of fadj's, not of sema's: callNode maps it back to the
// expression for its type and its activity pattern.

// opRef returns the reference hoisting x, an expression with a defined
// operator of a derived-type scalar result whose specific procedure
// (elemental ones too, on scalars) has a tangent version; nil for other
// expressions.
func (g *gen) opRef(x ast.Expr) *ast.CallExpr {
	if c := g.opCall[x]; c != nil {
		return c
	}
	f := g.info.Operators[x]
	if f == nil || !decl.IsDerived(g.info.TypeOf(x)) || g.info.Rank(x) != 0 || g.pa.CallPattern(x) == nil {
		return nil
	}
	if g.opCall == nil {
		g.opCall, g.opExpr = map[ast.Expr]*ast.CallExpr{}, map[*ast.CallExpr]ast.Expr{}
	}
	c := &ast.CallExpr{Fun: ast.NewIdent(f.Name), Args: operands(x)}
	g.opCall[x], g.opExpr[c] = c, x
	return c
}

// operands returns the operands of a unary or binary expression.
func operands(x ast.Expr) []ast.Expr {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return []ast.Expr{x.X, x.Y}
	case *ast.UnaryExpr:
		return []ast.Expr{x.X}
	}
	return nil
}

// callNode returns the node sema and the activity analysis know for
// reference c: c, or the expression with a defined operator it hoists.
func (g *gen) callNode(c *ast.CallExpr) ast.Expr {
	if x := g.opExpr[c]; x != nil {
		return x
	}
	return c
}

// hoistedCall returns the reference x is, or hoists (opRef), or nil.
func (g *gen) hoistedCall(x ast.Expr) *ast.CallExpr {
	if p, ok := x.(*ast.ParenExpr); ok {
		return g.hoistedCall(p.X)
	}
	if c, ok := x.(*ast.CallExpr); ok {
		return c
	}
	return g.opCall[x]
}

// opLit returns the spelling of the operator of x, a unary or binary
// expression.
func opLit(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return x.OpLit
	case *ast.UnaryExpr:
		return x.OpLit
	}
	return "?"
}
