package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// User ELEMENTAL functions in a WHERE. Before the analyses, package
// inline runs a WHERE that references one (where (du /= 0) flux =
// limiter(r)*du) as DO loops over its elements with IFs on its masks
// (inline.ElementalWheres), which this package reverses as any loop; a
// WHERE still holding such a reference here is one that rewrite cannot
// run element by element, and is rejected saying why it may be.

// whereElementalMsg is the reason given for such a WHERE.
const whereElementalMsg = "elemental function '%s' in an active WHERE that fadj cannot run as DO loops, in reverse mode " +
	"(its functions must be pure and read no module, common or host variable it assigns, its arrays designators without vector subscripts, and its masks must read what an " +
	"assignment before them defines only as that assignment's left side)"

// elementalRef returns the name of a reference in x of a user elemental
// function with an array result, "" if none.
func (g *gen) elementalRef(x ast.Expr) string {
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		k, ok := g.info.Calls[c]
		if ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() && k.Proc != nil && k.Proc.Attrs&sema.AttrElemental != 0 && g.info.Rank(c) > 0 {
			name = exprString(c.Fun)
		}
		return name == ""
	})
	return name
}
