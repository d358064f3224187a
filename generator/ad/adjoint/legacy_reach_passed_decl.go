package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// declaredReach returns the reach of dummy d of explicit shape (y(n),
// a(m, n)) whose references give none (array syntax, y = 0.5d0*y**2):
// positions 1 to its size, by sequence association from the element
// passed, its bounds in terms of the call's actual arguments args
// (actualBound); false if a bound has none.
func (g *gen) declaredReach(d *sema.Symbol, args []ast.Expr) (reach, bool) {
	if !declaredShape(d) {
		return reach{}, false
	}
	var size ast.Expr
	for _, dim := range d.Dims {
		hi := g.actualBound(dim.Hi.Expr, d, args)
		if hi == nil {
			return reach{}, false
		}
		ext := hi
		if dim.Lo.Expr != nil {
			lo := g.actualBound(dim.Lo.Expr, d, args)
			if lo == nil {
				return reach{}, false
			}
			ext = deriv.Add(deriv.Sub(hi, &ast.ParenExpr{X: lo}), deriv.Int(1))
		}
		ext = &ast.ParenExpr{X: ext}
		if size == nil {
			size = ext
		} else {
			size = deriv.Mul(size, ext)
		}
	}
	return reach{lo: deriv.Int(1), hi: simplify(size)}, true
}

// declaredShape reports whether every dimension of d has an explicit
// upper bound (d(n), d(0:n+1), d(m, n)).
func declaredShape(d *sema.Symbol) bool {
	if len(d.Dims) == 0 {
		return false
	}
	for _, dim := range d.Dims {
		if dim.Kind != sema.ExplicitShape || dim.Hi.Expr == nil {
			return false
		}
	}
	return true
}
