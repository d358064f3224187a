package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// F77 dummies have no INTENT, and decl.MayDefine counts a dummy passed
// to a CALL as defined (the callee may define it). A routine reversed in
// split mode then restored such a dummy at the start of foo_bwd (popped
// into it), which for an actual argument that is a constant (call
// rkdumb(y0, 3, ...), nvar passed on to rk4 only to size its arrays)
// writes into a constant: a segmentation fault. neverDefined asks the
// interprocedural effective intents (sema.Intents) instead.

// neverDefined reports whether dummy s is defined neither by its
// procedure's body nor by the procedures it calls.
func (g *gen) neverDefined(s *sema.Symbol) bool { return g.info.NeverDefined(s) }

// onlyAssigned reports whether every reference of s in the body of u
// defines it without reading it: the variable an assignment defines
// (dydx(1) = ... in an F77 right-hand side routine with dydx(*)), or an
// actual argument (wa(1)) of a dummy the callee defines before it reads
// it (effective intent out). No value of s is read, so the store-all
// snapshot of a split reversal leaves it out (an assumed-size array
// cannot be recorded whole).
func onlyAssigned(info *sema.Info, u *ast.Unit, s *sema.Symbol) bool {
	all, defs := 0, 0
	base := func(x ast.Expr) bool {
		if c, ok := x.(*ast.CallExpr); ok {
			x = c.Fun
		}
		id, ok := x.(*ast.Ident)
		return ok && info.ObjectOf(id) == s
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if base(n.Lhs) {
				defs++
			}
		case *ast.CallStmt:
			p := info.CallStmts[n].Proc
			if p == nil || p.Proc == nil || p.Proc.Unit == nil {
				break
			}
			for i, a := range n.Args {
				if _, kw := a.(*ast.KeywordArg); kw || i >= len(p.Proc.Args) || p.Proc.Args[i] == nil || !base(a) {
					continue
				}
				if u := info.CachedIntents().Of(p.Proc.Args[i]); u != nil && u.Effective == ast.IntentOut {
					defs++
				}
			}
		case *ast.Ident:
			if info.ObjectOf(n) == s {
				all++
			}
		}
		return true
	})
	return all > 0 && all == defs
}
