package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A dummy declared with another lower bound. A grid routine with halo
// cells declares u(0:*) and is called with the element before the
// interior (call smooth(n, w, a(1)), a(1) being u(0)): the element
// passed is the dummy's lower bound, not its index 1. The reach gives
// positions from the element passed, 1 for that element (what reachRef,
// passedReach and splitReach take it to be): index j of a dummy of
// lower bound lo is position j - lo + 1. A lower bound the caller's
// terms cannot name (a named constant of the callee) gives no reach.
// (The reach of a dummy of lower bound 1 was right; before, one of
// another bound was taken as from 1: u(0:*) reaching u(1:n) saved
// a(1:n), where the callee defines a(2:n+1).)

// reachFromFirst turns reach r of dummy d, indices of d, into positions
// from the element passed, in the caller's terms (args); false if d's
// lower bound has no such terms.
func (g *gen) reachFromFirst(r *reach, d *sema.Symbol, args []ast.Expr) bool {
	if len(d.Dims) != 1 || d.Dims[0].Lo.Expr == nil {
		return true
	}
	lo := d.Dims[0].Lo.Expr
	if n, ok := intConst(lo); ok && n == 1 {
		return true
	}
	lc := g.calleeTerms(lo, d, args, nil, nil)
	if lc == nil {
		return false
	}
	shift := func(x ast.Expr) ast.Expr { // x - lo + 1
		return simplify(deriv.Add(deriv.Sub(x, &ast.ParenExpr{X: lc}), deriv.Int(1)))
	}
	r.lo, r.hi = shift(r.lo), shift(g.info.Clone(r.hi))
	return true
}

// dummyLower returns the lower bound of rank-1 dummy d in its own
// terms: 1 unless declared.
func dummyLower(d *sema.Symbol) ast.Expr {
	if len(d.Dims) == 1 && d.Dims[0].Lo.Expr != nil {
		return d.Dims[0].Lo.Expr
	}
	return deriv.Int(1)
}
