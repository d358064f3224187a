package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An element passed on inside a loop. LINPACK's DPOSL calls ddot(k-1,
// a(1,k), 1, b(1), 1) for k = 1, n: DDOT's reach of dy, merge(k-1, 0,
// k-1 >= 1), names the loop's index inside a merge, which is not affine
// in it. The merge is max(k-1, 0) (the count is not positive when the
// condition fails): the highest index over the loop is the highest of
// each operand of the max, each affine in the index (subscriptReach).

// loopHi returns the highest index of the routine's dummy d that the
// callee reaches, over the enclosing loops, from element ref at
// subscript sub (its reach's highest index hi, in the routine's terms),
// or false.
func (g *gen) loopHi(ref, sub, hi ast.Expr, loops []*ast.DoConstruct, d *sema.Symbol, args []ast.Expr, facts []fact) (ast.Expr, bool) {
	var his []ast.Expr
	for _, leaf := range hiLeaves(hi) {
		to := g.loopAliases(ref, g.rebind(offsetBy(g.info.Clone(sub), leaf), d.Owner), loops)
		_, h, ok := g.subscriptReach(to, loops, d, args, facts)
		if !ok {
			return nil, false
		}
		his = addDistinct(his, h)
	}
	return reduceMinMax("max", his), true
}

// hiLeaves returns expressions whose max is x: the operands of max and
// of merge(a, 0, cond) where that is max(a, 0), recursively.
func hiLeaves(x ast.Expr) []ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return []ast.Expr{x}
	}
	switch {
	case isMinMaxCall(c) && exprString(c.Fun) == "max":
		var out []ast.Expr
		for _, a := range c.Args {
			out = append(out, hiLeaves(a)...)
		}
		return out
	case isMerge(c) && isZero(c.Args[1]) && mergeIsMax(c.Args[0], c.Args[2]):
		return append(hiLeaves(c.Args[0]), deriv.Int(0))
	}
	return []ast.Expr{x}
}

// mergeIsMax reports whether a is not positive when cond fails, so that
// merge(a, 0, cond) is max(a, 0): cond compares x with y, and a is p*(x
// - y) + q for a positive constant p (or the negation for <=, <), with
// a <= 0 at the closest value of x - y that fails cond.
func mergeIsMax(a, cond ast.Expr) bool {
	for {
		p, ok := cond.(*ast.ParenExpr)
		if !ok {
			break
		}
		cond = p.X
	}
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	var diff ast.Expr // cond is diff >= fail+1
	var fail int64    // the largest failing value of diff
	switch b.Op {
	case token.GE:
		diff, fail = deriv.Sub(b.X, &ast.ParenExpr{X: b.Y}), -1
	case token.GT:
		diff, fail = deriv.Sub(b.X, &ast.ParenExpr{X: b.Y}), 0
	case token.LE:
		diff, fail = deriv.Sub(b.Y, &ast.ParenExpr{X: b.X}), -1
	case token.LT:
		diff, fail = deriv.Sub(b.Y, &ast.ParenExpr{X: b.X}), 0
	default:
		return false
	}
	la, ld := linear(a), linear(diff)
	if la == nil || ld == nil {
		return false
	}
	keys := ld.nonzero()
	if len(keys) == 0 || len(la.nonzero()) != len(keys) {
		return false
	}
	p := int64(0)
	for _, k := range keys {
		ca, cd := la.terms[k], ld.terms[k]
		if ca == 0 || ca%cd != 0 || (p != 0 && ca/cd != p) {
			return false
		}
		p = ca / cd
	}
	if p <= 0 {
		return false
	}
	q := la.c - p*ld.c // a = p*diff + q
	return p*fail+q <= 0
}

func isZero(x ast.Expr) bool {
	n, ok := intConst(x)
	return ok && n == 0
}
