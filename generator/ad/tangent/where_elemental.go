package tangent

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// User ELEMENTAL functions in a WHERE. Before the analyses, package
// inline runs a WHERE that references one (where (du /= 0) flux =
// limiter(r)*du) as DO loops over its elements with IFs on its masks
// (inline.ElementalWheres), whose tangent is that of any loop; a WHERE
// still holding such a reference here is one that rewrite cannot run
// element by element (a function's tangent needs a call, which cannot go
// under a mask), and is rejected saying why it may be.

// checkWhereElemental rejects WHERE s if it references a user elemental
// function with an array result and a tangent (a passive one stays).
func (g *gen) checkWhereElemental(s ast.Stmt) error {
	name := ""
	ast.Inspect(s, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		k, ok := g.info.Calls[c]
		if ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() && k.Proc != nil && k.Proc.Attrs&sema.AttrElemental != 0 && g.info.Rank(c) > 0 && g.pa.CallPattern(c) != nil {
			name = exprString(c.Fun)
		}
		return name == ""
	})
	if name == "" {
		return nil
	}
	return notSupported("elemental function '%s' in an active WHERE that fadj cannot run as DO loops, in tangent mode "+
		"(its functions must be pure and read no module, common or host variable it assigns, its arrays designators without vector subscripts, and its masks must read what an "+
		"assignment before them defines only as that assignment's left side)", name)
}
