package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// transfer returns the adjoint of reference x of transfer: its source's,
// when transfer copies a value of one type unchanged
// (deriv.TransferIdentity); nothing for a source without a derivative.
func (g *gen) transfer(x *ast.CallExpr, rb ast.Expr) ([]ast.Stmt, error) {
	src, _, size := deriv.TransferArgs(x.Args)
	if deriv.TransferIdentity(g.operand(src), g.info.TypeOf(x), g.info.Rank(x), size != nil) {
		return g.adj(src, rb)
	}
	if src != nil && isFloat(g.info.TypeOf(src)) && g.pa.ActiveExpr(src) && !g.info.PassiveBits[x] {
		return nil, notSupported("transfer of an active %s value to %s (no derivative follows its bits)", g.info.TypeOf(src), g.info.TypeOf(x))
	}
	return nil, nil
}
