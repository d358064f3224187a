package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Lower bounds of a reach. The section saved around a call must not
// start before the element passed: reachRef needs the lowest index
// reached to be at least 1, which the unrolled loops of the BLAS as
// published give only with the guard at their top: with
// if (n .le. 0) return, m = mod(n,5) is not negative and the loop
// do i = m+1, n, 5 starts at 1 or more.

// fact is form >= min, in the caller's terms.
type fact struct {
	form *linForm
	min  int64
}

// guardFacts returns what the early returns at the top of unit's body
// (before any label, jump or loop) tell of its dummies: if (n .le. 0)
// return gives n >= 1, in the caller's terms.
func (g *gen) guardFacts(unit *ast.Unit, d *sema.Symbol, args []ast.Expr) []fact {
	var out []fact
	for _, s := range unit.Body {
		st, ok := s.(*ast.IfStmt)
		if !ok || st.Label != 0 {
			break
		}
		if r, isRet := st.Action.(*ast.ReturnStmt); !isRet || r.Alt != nil {
			if _, isGoto := st.Action.(*ast.GotoStmt); isGoto {
				break
			}
			continue
		}
		for _, b := range disjuncts(st.Cond) { // if (n.le.0 .or. incx.le.0) return
			x, c := g.calleeTerms(b.X, d, args, nil, nil), linear(b.Y)
			if x == nil || c == nil || len(c.nonzero()) != 0 {
				continue
			}
			switch b.Op { // the return not taken: x > c, x >= c
			case token.LE:
				out = append(out, fact{form: linear(x), min: c.c + 1})
			case token.LT:
				out = append(out, fact{form: linear(x), min: c.c})
			}
		}
	}
	return out
}

// disjuncts returns the comparisons c is the .or. of (c itself if it is
// one); none of them holds when c does not.
func disjuncts(c ast.Expr) []*ast.BinaryExpr {
	for {
		p, ok := c.(*ast.ParenExpr)
		if !ok {
			break
		}
		c = p.X
	}
	b, ok := c.(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if b.Op == token.OR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []*ast.BinaryExpr{b}
}

// lowerBound returns a lower bound of integer expression x given facts.
func lowerBound(x ast.Expr, facts []fact) (int64, bool) {
	l := linear(x)
	if l == nil {
		return 0, false
	}
	for _, f := range facts {
		if f.form == nil {
			continue
		}
		diff := l.add(f.form, -1)
		if len(diff.nonzero()) == 0 {
			return f.min + diff.c, true
		}
	}
	sum := l.c
	for _, k := range l.nonzero() {
		c := l.terms[k]
		if c < 0 {
			return 0, false
		}
		b, ok := termLowerBound(l.exprs[k], facts)
		if !ok {
			return 0, false
		}
		sum += c * b
	}
	return sum, true
}

// termLowerBound is lowerBound of a term: mod(a, m) of a >= 0 and a
// positive constant m, merge, min and max of bounded operands.
func termLowerBound(t ast.Expr, facts []fact) (int64, bool) {
	for {
		p, ok := t.(*ast.ParenExpr)
		if !ok {
			break
		}
		t = p.X
	}
	c, ok := t.(*ast.CallExpr)
	if !ok {
		return 0, false
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return 0, false
	}
	var bounds []int64
	for _, a := range c.Args {
		b, ok := lowerBound(a, facts)
		if !ok {
			b = -1 << 62
		}
		bounds = append(bounds, b)
	}
	switch strings.ToLower(id.Name) {
	case "mod":
		if m, isConst := intConst(c.Args[len(c.Args)-1]); len(c.Args) == 2 && isConst && m > 0 && bounds[0] >= 0 {
			return 0, true
		}
	case "merge":
		if len(bounds) == 3 {
			return min(bounds[0], bounds[1]), bounds[0] > -1<<62 && bounds[1] > -1<<62
		}
	case "min", "min0":
		lo := bounds[0]
		for _, b := range bounds {
			lo = min(lo, b)
		}
		return lo, lo > -1<<62
	case "max", "max0":
		hi := bounds[0]
		for _, b := range bounds {
			hi = max(hi, b)
		}
		return hi, hi > -1<<62
	}
	return 0, false
}
