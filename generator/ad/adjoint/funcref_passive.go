package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Passive references with side effects in active assignments. A function
// without a derivative version may still define its arguments or globals
// (`j = j + u(i)*next_w(k)`, next_w advancing its cursor k; a random
// number generator advancing its seed). The adjoint's partials would
// reference it again, in the backward sweep: it is hoisted into a
// temporary, evaluated once in the forward sweep, recorded after the
// statement and restored before its adjoint, which reads the temporary.
// (The arguments it defines are saved around the statement as those of
// any function reference: funcdef_saves.go.)

// passiveImpure reports whether c references a user function without a
// derivative version whose reference may define something, with a real,
// complex or integer scalar result.
func (g *gen) passiveImpure(c *ast.CallExpr) bool {
	if g.pa.CallPattern(c) != nil || !g.modref().Impure(c) || g.info.Rank(c) != 0 {
		return false
	}
	t := g.info.TypeOf(c)
	_, ok := tape.TypeOf(t)
	return t != nil && (t.IsReal() || t.IsComplex() || t.IsInteger()) && ok
}

// newPassiveRef declares the temporary of passive reference x.
func (g *gen) newPassiveRef(x *ast.CallExpr) (*hoistRef, error) {
	g.ntmp++
	v, err := g.local("fadj_pv"+strconv.Itoa(g.ntmp), g.info.TypeOf(x))
	if err != nil {
		return nil, err
	}
	return &hoistRef{x: x, call: x, val: v}, nil
}

// passiveTemps returns the record of passive reference r's temporary and
// its restoration.
func (g *gen) passiveTemps(r *hoistRef) (push, pop []ast.Stmt) {
	typ, _ := tape.TypeOf(g.info.TypeOf(r.x))
	return []ast.Stmt{tapePush(typ, r.val)}, []ast.Stmt{tapePop(typ, r.val)}
}

// lhsPassiveRefs returns the passive references with side effects in the
// subscripts of active assignment s's left side (`v(next_i(m)) = ...`:
// the adjoint of the element would reference it again), arguments first.
func (g *gen) lhsPassiveRefs(s *ast.AssignStmt) []ast.Expr {
	if !g.pa.ActiveStmt(s) {
		return nil
	}
	var out []ast.Expr
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !g.passiveImpure(c) {
			return true
		}
		for _, a := range c.Args {
			ast.Inspect(a, visit)
		}
		out = append(out, c)
		return false
	}
	ast.Inspect(s.Lhs, visit)
	return out
}
