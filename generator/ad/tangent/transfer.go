package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// transfer returns the tangent of reference x of transfer: its source's,
// when transfer copies a value of one type unchanged
// (deriv.TransferIdentity); none for a source without a tangent.
func (g *gen) transfer(x *ast.CallExpr) (ast.Expr, error) {
	src, _, size := deriv.TransferArgs(x.Args)
	if src == nil || g.info.PassiveBits[x] {
		return nil, nil
	}
	d, err := g.tangent(src)
	if err != nil || d == nil {
		return nil, err
	}
	if deriv.TransferIdentity(g.operand(src), g.info.TypeOf(x), g.info.Rank(x), size != nil) {
		return d, nil
	}
	return nil, notSupported("transfer of an active %s value to %s (no derivative follows its bits)", g.info.TypeOf(src), g.info.TypeOf(x))
}
