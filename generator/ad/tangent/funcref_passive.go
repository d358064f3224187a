package tangent

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Passive references with side effects in active assignments. A function
// without a tangent version may still define its arguments or globals
// (`j = j + u(i)*next_w(k)`, next_w advancing its cursor k; a random
// number generator advancing its seed). The tangent statement's partials
// would reference it a second time, before the assignment itself: it is
// evaluated once, into a temporary both statements read.

// hoistPassive evaluates the passive references with side effects of
// active assignment s (its right side, its left side's subscripts) into temporaries (g.repl), in the order they are
// evaluated (arguments first), and returns the assignments.
func (g *gen) hoistPassive(s *ast.AssignStmt) []ast.Stmt {
	if !g.pa.ActiveStmt(s) {
		return nil
	}
	if g.globals.modref == nil {
		g.globals.modref = modref.New(g.info)
	}
	var pre []ast.Stmt
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !g.passiveImpure(c) {
			return true
		}
		for _, a := range c.Args {
			ast.Inspect(a, visit)
		}
		var tmp *ast.Ident
		for tmp == nil {
			g.ntmp++
			name := "fadj_pv" + strconv.Itoa(g.ntmp)
			if g.scope.LookupLocal(name) == nil {
				tmp = ast.NewIdent(name)
			}
		}
		pre = append(pre, &ast.AssignStmt{Lhs: tmp, Rhs: g.replace(c)})
		g.repl[c] = tmp
		g.tmpDecls = append(g.tmpDecls, tmpDecl(tmp.Name, g.info.TypeOf(c)))
		return false
	}
	ast.Inspect(s.Lhs, visit) // its subscripts: v(next_i(m)) = ...
	ast.Inspect(s.Rhs, visit)
	return pre
}

// passiveImpure reports whether c references a user function without a
// tangent version whose reference may define something, with a real,
// complex or integer scalar result.
func (g *gen) passiveImpure(c *ast.CallExpr) bool {
	k, ok := g.info.Calls[c]
	if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() || g.pa.CallPattern(c) != nil || g.info.Rank(c) != 0 {
		return false
	}
	t := g.info.TypeOf(c)
	return t != nil && (t.IsReal() || t.IsComplex() || t.IsInteger()) && g.globals.modref.Impure(c)
}
