package adjoint

import (
	"math"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Increments held in variables. The reference BLAS called with incy a
// variable (call daxpy(n, t, x, incx, y, incy), incy the caller's dummy)
// start iy at merge((-n+1)*incy + 1, 1, incy < 0) and step it by incy:
// for either sign the values run from 1 to 1 + (n-1)*|incy|, which the
// reach finds by taking the two signs apart: under incy < 0 the start is
// (-n+1)*incy + 1 and the last value 1, under incy >= 0 the start is 1.

// signSplit returns the lowest and highest values of an index starting
// at first and stepped trips times by step (not a constant), each a
// merge on the sign of step, folded when both signs give the same.
func signSplit(first, trips, step ast.Expr) (lo, hi ast.Expr) {
	fn, fp := simplify(assumeSign(first, step, true)), simplify(assumeSign(first, step, false))
	ln := simplify(deriv.Add(ast.Clone(fn), deriv.Mul(ast.Clone(trips), &ast.ParenExpr{X: ast.Clone(step)})))
	lp := simplify(deriv.Add(ast.Clone(fp), deriv.Mul(ast.Clone(trips), &ast.ParenExpr{X: ast.Clone(step)})))
	neg := func() ast.Expr { return &ast.BinaryExpr{X: ast.Clone(step), Op: token.LT, Y: deriv.Int(0)} }
	return foldMerge(ln, fp, neg()), foldMerge(fn, lp, neg())
}

// assumeSign returns x with each merge(a, b, c) whose condition c the
// sign of step decides (step < 0 if neg, else step >= 0) replaced by a
// or b.
func assumeSign(x, step ast.Expr, neg bool) ast.Expr {
	return ast.Apply(&ast.ParenExpr{X: ast.Clone(x)}, nil, func(c *ast.Cursor) bool {
		ce, ok := c.Node().(*ast.CallExpr)
		if !ok || !isMerge(ce) {
			return true
		}
		if holds, decided := signDecides(ce.Args[2], step, neg); decided {
			if holds {
				c.Replace(ce.Args[0])
			} else {
				c.Replace(ce.Args[1])
			}
		}
		return true
	}).(*ast.ParenExpr).X
}

// signDecides reports whether comparison c holds when step < 0 (neg) or
// step >= 0, and whether that sign decides it: c compares x and y with
// x - y = ±step + k.
func signDecides(c, step ast.Expr, neg bool) (holds, decided bool) {
	for {
		p, ok := c.(*ast.ParenExpr)
		if !ok {
			break
		}
		c = p.X
	}
	b, ok := c.(*ast.BinaryExpr)
	if !ok {
		return false, false
	}
	d, s := linear(deriv.Sub(b.X, &ast.ParenExpr{X: b.Y})), linear(step)
	if d == nil || s == nil {
		return false, false
	}
	// The range [lo, hi] of d = sign*step + k.
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	switch {
	case len(d.add(s, -1).nonzero()) == 0:
		k := d.add(s, -1).c
		if neg {
			hi = k - 1
		} else {
			lo = k
		}
	case len(d.add(s, 1).nonzero()) == 0:
		k := d.add(s, 1).c
		if neg {
			lo = k + 1
		} else {
			hi = k
		}
	default:
		return false, false
	}
	switch b.Op {
	case token.LT:
		return hi < 0, hi < 0 || lo >= 0
	case token.LE:
		return hi <= 0, hi <= 0 || lo > 0
	case token.GT:
		return lo > 0, lo > 0 || hi <= 0
	case token.GE:
		return lo >= 0, lo >= 0 || hi < 0
	}
	return false, false
}

// stepSign returns 1 or -1 when the facts of the callee's guards give
// step >= 1 or step <= -1, else 0.
func stepSign(step ast.Expr, facts []fact) int64 {
	if lo, ok := lowerBound(step, facts); ok && lo >= 1 {
		return 1
	}
	if lo, ok := lowerBound(deriv.Neg(&ast.ParenExpr{X: ast.Clone(step)}), facts); ok && lo >= 1 {
		return -1
	}
	return 0
}

// changeSign returns the change x of a subscript per trip when it is a
// constant, else its sign (1 or -1) when the facts give one, and
// whether it found either.
func (g *gen) changeSign(x ast.Expr, facts []fact) (int64, bool) {
	if n, ok := intConst(x); ok {
		return n, true
	}
	if s := stepSign(x, facts); s != 0 {
		return s, true
	}
	return 0, false
}

// guardedStep returns max(step, 1) for a step the guards make positive
// (sign 1), else min(step, -1): the same value when the guards hold, and
// no division by zero in the reach evaluated when they do not (the
// callee returned at once).
func guardedStep(step ast.Expr, sign int64) ast.Expr {
	if sign > 0 {
		return deriv.Call("max", ast.Clone(step), deriv.Int(1))
	}
	return deriv.Call("min", ast.Clone(step), deriv.Int(-1))
}
