package adjoint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The reach of an assumed-size dummy. LINPACK and the BLAS-1 pass an
// element as the start of an array (call daxpy(n-k, t, a(k+1,k), 1,
// a(k+1,j), 1)), the callee's dy(*) reaching dy(1+(i-1)*incy) for
// i = 1, n. A jointly reversed call saves what the callee may define,
// which for an assumed-size array of the caller is not the whole array
// (it has no size): dummyReach derives the indices of the dummy the
// callee may reach from its subscripts, each a constant or the callee's
// dummies that the callee does not define, or affine in the index of one
// enclosing DO loop whose bounds are such: the extremes are at the
// loop's first and last values, when it runs. A guard that returns
// early (if (n .le. 0) return) only narrows the reach. Anything else (a
// local index like the published ix = ix + incx, the dummy passed on to
// another call) gives no reach: the call stays rejected.

// reach is the range lo..hi of indices of a dummy a callee may reach,
// in the caller's terms.
type reach struct {
	lo, hi ast.Expr
	facts  []fact // of the callee's guards (legacy_reach_bounds.go)
}

// dummyReach returns the range of indices of the rank-1 dummy d of unit
// the callee may reach, in terms of the actual arguments args (by the
// callee's dummies), or false. A dummy of no reference reaches
// nothing: lo 1, hi 0.
func (g *gen) dummyReach(unit *ast.Unit, d *sema.Symbol, args []ast.Expr) (reach, bool) {
	return g.dummyReachAt(unit, d, args, 0)
}

// dummyReachAt is dummyReach at depth depth of calls passing the dummy
// on (legacy_reach_passed.go).
func (g *gen) dummyReachAt(unit *ast.Unit, d *sema.Symbol, args []ast.Expr, depth int) (reach, bool) {
	r := reach{lo: deriv.Int(1), hi: deriv.Int(0)}
	if len(unit.Procs) > 0 || d.Rank() != 1 {
		return r, false // (an internal procedure may reach it too)
	}
	r.facts = g.guardFacts(unit, d, args)
	skipped := g.skippedStmts(unit, d, args) // legacy_reach_dead.go
	ok := true
	var loops []*ast.DoConstruct
	var los, his []ast.Expr            // of each reference
	kwCalls := map[ast.Node]ast.Node{} // keyword arguments' calls (legacy_reach_passed.go)
	pre := func(c *ast.Cursor) bool {
		noteKeywords(c.Node(), kwCalls)
		if !ok {
			return false
		}
		if st, isStmt := c.Node().(ast.Stmt); isStmt && skipped[st] {
			return false
		}
		switch n := c.Node().(type) {
		case *ast.DoConstruct:
			loops = append(loops, n)
		case *ast.CallExpr:
			if id, isID := n.Fun.(*ast.Ident); isID && g.info.ObjectOf(id) == d {
				k, isElem := g.info.Calls[n]
				if !isElem || k.Kind != sema.ArrayElement || len(n.Args) != 1 || g.info.Rank(n.Args[0]) != 0 {
					ok = false
					return false
				}
				sub := g.loopAliases(n, n.Args[0], loops) // legacy_reach_alias.go
				lo, hi, found := ast.Expr(nil), ast.Expr(nil), false
				parent := argParent(c.Parent(), kwCalls)
				if _, isCall := parent.(*ast.CallStmt); isCall || g.passedToFunction(parent, n) {
					// passed on: its callee's reach from it (legacy_reach_passed.go)
					lo, hi, found = g.passedReach(parent, n, sub, loops, d, args, r.facts, depth)
				} else {
					lo, hi, found = g.subscriptReach(sub, loops, d, args, r.facts)
				}
				if !found {
					ok = false
					return false
				}
				los, his = addDistinct(los, lo), addDistinct(his, hi)
				return false
			}
		case *ast.Ident:
			if g.info.ObjectOf(n) == d {
				// the whole dummy: passed on from its first element, else
				// an array expression
				lo, hi, found := g.passedReach(argParent(c.Parent(), kwCalls), n, deriv.Int(1), loops, d, args, r.facts, depth)
				if !found {
					ok = false
					return false
				}
				los, his = addDistinct(los, lo), addDistinct(his, hi)
			}
		}
		return ok
	}
	post := func(c *ast.Cursor) bool {
		if _, isDo := c.Node().(*ast.DoConstruct); isDo {
			loops = loops[:len(loops)-1]
		}
		return true
	}
	ast.Apply(&ast.Unit{Body: unit.Body}, pre, post)
	if len(los) > 0 {
		r.lo, r.hi = reduceMinMax("min", los), reduceMinMax("max", his)
	}
	if ok {
		ok = g.reachFromFirst(&r, d, args) // legacy_reach_lower.go
	}
	return r, ok
}

// reduceMinMax returns the min or max (fn) of list, those that fold
// folded first.
func reduceMinMax(fn string, list []ast.Expr) ast.Expr {
	var kept []ast.Expr
	for _, x := range list {
		folded := false
		for i, y := range kept {
			if z := foldMinMax(fn, y, x); !isMinMaxCall(z) {
				kept[i], folded = z, true
				break
			}
		}
		if !folded {
			kept = append(kept, x)
		}
	}
	out := kept[0]
	for _, x := range kept[1:] {
		out = foldMinMax(fn, out, x)
	}
	return out
}

// addDistinct appends x to list unless it holds the same expression.
func addDistinct(list []ast.Expr, x ast.Expr) []ast.Expr {
	for _, y := range list {
		if ast.Key(x) == ast.Key(y) {
			return list
		}
	}
	return append(list, x)
}

// subscriptReach returns the lowest and highest values of subscript e of
// the callee, in the caller's terms, with the neutral 1 and 0 when the
// loop it is affine in may not run; false if it is not of the forms
// above.
func (g *gen) subscriptReach(e ast.Expr, loops []*ast.DoConstruct, d *sema.Symbol, args []ast.Expr, facts []fact) (lo, hi ast.Expr, ok bool) {
	var loop *ast.DoConstruct
	for _, l := range loops {
		if l.Var == nil || l.While != nil || l.Concurrent != nil {
			continue
		}
		if refsVar(g.info, e, g.info.ObjectOf(l.Var)) {
			if loop != nil {
				return nil, nil, false
			}
			loop = l
		}
	}
	if loop == nil {
		if lo, hi, ok := g.inductionReach(e, loops, d, args); ok { // legacy_reach_induction.go
			return lo, hi, true
		}
		v := g.calleeTerms(e, d, args, nil, nil)
		if v == nil {
			return nil, nil, false
		}
		v = simplify(v)
		return v, v, true
	}
	i := g.info.ObjectOf(loop.Var)
	if !affineIn(g.info, e, i) {
		return nil, nil, false
	}
	start := g.calleeTerms(loop.Start, d, args, nil, nil)
	stop := g.calleeTerms(loop.Stop, d, args, nil, nil)
	step := ast.Expr(deriv.Int(1))
	if loop.Step != nil {
		step = g.calleeTerms(loop.Step, d, args, nil, nil)
	}
	if start == nil || stop == nil || step == nil {
		return nil, nil, false
	}
	s, constStep := intConst(step)
	if !constStep {
		s = stepSign(step, facts) // do i = 1, nincx, incx after if (incx.le.0) return
	}
	if s == 0 {
		return nil, nil, false
	}
	last := stop
	if s != 1 || !constStep { // the last value taken: start + ((stop - start)/step)*step
		div := step
		if !constStep { // (no division by 0 when the guard returns: legacy_reach_sign.go)
			div = guardedStep(step, s)
		}
		last = deriv.Add(start, deriv.Mul(&ast.ParenExpr{X: deriv.Div(&ast.ParenExpr{X: deriv.Sub(stop, start)}, div)}, step))
	}
	first := g.calleeTerms(e, d, args, i, start)
	end := g.calleeTerms(e, d, args, i, last)
	next := g.calleeTerms(e, d, args, i, deriv.Add(&ast.ParenExpr{X: start}, step))
	if first == nil || end == nil || next == nil {
		return nil, nil, false
	}
	first, end = simplify(first), simplify(end)
	lo, hi = foldMinMax("min", first, end), foldMinMax("max", first, end)
	if b, isConst := g.changeSign(deriv.Sub(next, &ast.ParenExpr{X: first}), facts); isConst {
		// The subscript's change per trip: when the loop runs, the
		// first value is the lowest if it is not negative.
		lo, hi = first, end
		if b < 0 {
			lo, hi = end, first
		}
	}
	runs := &ast.BinaryExpr{X: stop, Op: token.GE, Y: start} // the loop runs
	if s < 0 {
		runs = &ast.BinaryExpr{X: stop, Op: token.LE, Y: start}
	}
	if n, isConst := intConst(deriv.Sub(runs.X, &ast.ParenExpr{X: runs.Y})); isConst {
		if (n >= 0) == (s > 0) || n == 0 {
			return lo, hi, true
		}
		return deriv.Int(1), deriv.Int(0), true // never runs
	}
	runs.X, runs.Y = simplify(runs.X), simplify(runs.Y)
	return foldMerge(lo, deriv.Int(1), runs), foldMerge(hi, deriv.Int(0), ast.Clone(runs)), true
}

// calleeTerms returns expression x of the callee with its dummies
// replaced by their actual arguments and variable i (a DO index) by
// value, or nil if x names anything else or a dummy the callee may
// define.
func (g *gen) calleeTerms(x ast.Expr, d *sema.Symbol, args []ast.Expr, i *sema.Symbol, value ast.Expr) ast.Expr {
	return g.calleeTermsAt(x, d, args, i, value, 0)
}

// calleeTermsAt is calleeTerms at depth depth of locals' values
// (localValue).
func (g *gen) calleeTermsAt(x ast.Expr, d *sema.Symbol, args []ast.Expr, i *sema.Symbol, value ast.Expr, depth int) ast.Expr {
	ok := true
	out := ast.Apply(&ast.ParenExpr{X: g.info.Clone(x)}, func(c *ast.Cursor) bool {
		id, isID := c.Node().(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		s := g.info.ObjectOf(id)
		switch {
		case s == nil && reachFun(c, id): // of a reach passed on (legacy_reach_passed.go)
			return false
		case s != nil && s == i:
			c.Replace(&ast.ParenExpr{X: ast.Clone(value)})
			return false // (already in the caller's terms)
		case s != nil && s.Kind == sema.VarSym && s.Attrs.Has(sema.AttrParameter):
			ok = false
		case isIntrinsicProc(s) && integerIntrinsics[strings.ToLower(id.Name)]:
			if ce, isCall := c.Parent().(*ast.CallExpr); !isCall || ce.Fun != ast.Expr(id) {
				ok = false
			}
		case s != nil && s.Kind == sema.VarSym && s.Owner == d.Owner && !s.IsDummy():
			v := g.localValue(d.Owner.Unit, s, d, args, depth)
			if v == nil {
				ok = false
				break
			}
			c.Replace(&ast.ParenExpr{X: v})
			return false
		case s == nil || s.Owner != d.Owner || !s.IsDummy() || s.Rank() != 0 || !g.neverDefined(s) ||
			s.ArgIndex < 0 || s.ArgIndex >= len(args) || args[s.ArgIndex] == nil:
			ok = false
		default:
			a := args[s.ArgIndex]
			if _, kw := a.(*ast.KeywordArg); kw {
				ok = false
				break
			}
			c.Replace(&ast.ParenExpr{X: g.info.Clone(a)})
			return false
		}
		return ok
	}, nil)
	if !ok {
		return nil
	}
	return out.(*ast.ParenExpr).X
}

// refsVar reports whether x references variable s.
func refsVar(info *sema.Info, x ast.Node, s *sema.Symbol) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == s {
			found = true
		}
		return !found
	})
	return found
}

// affineIn reports whether integer expression x is affine in variable
// i: sums, differences, negations and products with one factor free of
// i, of i and expressions free of it.
func affineIn(info *sema.Info, x ast.Expr, i *sema.Symbol) bool {
	if !refsVar(info, x, i) {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.ParenExpr:
		return affineIn(info, x.X, i)
	case *ast.UnaryExpr:
		return (x.Op == token.MINUS || x.Op == token.PLUS) && affineIn(info, x.X, i)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.PLUS, token.MINUS:
			return affineIn(info, x.X, i) && affineIn(info, x.Y, i)
		case token.STAR:
			if refsVar(info, x.X, i) && refsVar(info, x.Y, i) {
				return false
			}
			return affineIn(info, x.X, i) && affineIn(info, x.Y, i)
		}
	}
	return false
}

// foldMinMax returns min(a, b) or max(a, b) (fn), folded when their
// difference is a constant.
func foldMinMax(fn string, a, b ast.Expr) ast.Expr {
	if ast.Key(a) == ast.Key(b) {
		return a
	}
	// merge(x, n, c) and merge(y, n, c): merge(min or max of x and y, n, c).
	ma, okA := a.(*ast.CallExpr)
	mb, okB := b.(*ast.CallExpr)
	if okA && okB && isMerge(ma) && isMerge(mb) && ast.Key(ma.Args[1]) == ast.Key(mb.Args[1]) && ast.Key(ma.Args[2]) == ast.Key(mb.Args[2]) {
		if x := foldMinMax(fn, ma.Args[0], mb.Args[0]); !isMinMaxCall(x) {
			return foldMerge(x, ma.Args[1], ma.Args[2])
		}
	}
	if n, ok := intConst(deriv.Sub(a, &ast.ParenExpr{X: b})); ok {
		if (n >= 0) == (fn == "max") {
			return a
		}
		return b
	}
	return deriv.Call(fn, a, b)
}

// intConst returns the value of integer expression x when its linear
// form (over the names and other terms it holds) is a constant: n - n +
// 1 is 1, (k + 1) - (k) + 1 is 2.
func intConst(x ast.Expr) (int64, bool) {
	l := linear(x)
	if l == nil {
		return 0, false
	}
	for _, c := range l.terms {
		if c != 0 {
			return 0, false
		}
	}
	return l.c, true
}

// foldMerge returns merge(a, b, cond), or a when a and b are the same.
func foldMerge(a, b, cond ast.Expr) ast.Expr {
	if ast.Key(a) == ast.Key(b) {
		return a
	}
	return deriv.Call("merge", a, b, cond)
}

// linForm is c + sum of terms[key]*term, the terms keyed by their source
// (exprs).
type linForm struct {
	c     int64
	terms map[string]int64
	exprs map[string]ast.Expr
}

// simplify returns integer expression x as its linear form writes it:
// (1) + ((k - 1) - 1)*(1) is k - 1.
func simplify(x ast.Expr) ast.Expr {
	l := linear(x)
	if l == nil {
		return x
	}
	keys := l.nonzero()
	sort.Strings(keys)
	var out ast.Expr
	for _, k := range keys {
		t := l.exprs[k]
		if _, isID := t.(*ast.Ident); !isID {
			if _, isCall := t.(*ast.CallExpr); !isCall {
				t = &ast.ParenExpr{X: t}
			}
		}
		c := l.terms[k]
		term := deriv.Mul(deriv.Int(int(abs64(c))), t)
		switch {
		case out == nil && c < 0:
			out = deriv.Neg(term)
		case out == nil:
			out = term
		case c < 0:
			out = deriv.Sub(out, term)
		default:
			out = deriv.Add(out, term)
		}
	}
	switch {
	case out == nil:
		return deriv.Int(int(l.c))
	case l.c < 0:
		return deriv.Sub(out, deriv.Int(int(-l.c)))
	case l.c > 0:
		return deriv.Add(out, deriv.Int(int(l.c)))
	}
	return out
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// linear returns the linear form of integer expression x; a product of
// two non-constant factors, a division or a call is one term.
func linear(x ast.Expr) *linForm {
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind != token.INT {
			return nil
		}
		n, err := strconv.ParseInt(x.Value, 10, 64)
		if err != nil {
			return nil
		}
		return &linForm{c: n, terms: map[string]int64{}, exprs: map[string]ast.Expr{}}
	case *ast.ParenExpr:
		return linear(x.X)
	case *ast.UnaryExpr:
		l := linear(x.X)
		if l == nil || x.Op == token.PLUS {
			return l
		}
		if x.Op != token.MINUS {
			return nil
		}
		return l.scale(-1)
	case *ast.BinaryExpr:
		a, b := linear(x.X), linear(x.Y)
		if a == nil || b == nil {
			return nil
		}
		switch x.Op {
		case token.PLUS:
			return a.add(b, 1)
		case token.MINUS:
			return a.add(b, -1)
		case token.STAR:
			if len(a.nonzero()) == 0 {
				return b.scale(a.c)
			}
			if len(b.nonzero()) == 0 {
				return a.scale(b.c)
			}
			return a.mul(b) // legacy_reach_poly.go
		case token.SLASH:
			if len(b.nonzero()) == 0 && b.c == 1 {
				return a
			}
		}
	}
	k := ast.Key(x)
	return &linForm{terms: map[string]int64{k: 1}, exprs: map[string]ast.Expr{k: x}}
}

func (l *linForm) scale(k int64) *linForm {
	out := &linForm{c: l.c * k, terms: map[string]int64{}, exprs: map[string]ast.Expr{}}
	for t, c := range l.terms {
		out.terms[t], out.exprs[t] = c*k, l.exprs[t]
	}
	return out
}

func (l *linForm) add(m *linForm, sign int64) *linForm {
	out := l.scale(1)
	out.c += sign * m.c
	for t, c := range m.terms {
		out.terms[t] += sign * c
		out.exprs[t] = m.exprs[t]
	}
	return out
}

func (l *linForm) nonzero() []string {
	var out []string
	for t, c := range l.terms {
		if c != 0 {
			out = append(out, t)
		}
	}
	return out
}

// assumedSizeLike reports whether rank-1 dummy d is assumed-size, d(*),
// or declared d(1) as F66 code declares a dummy it indexes past 1.
func assumedSizeLike(d *sema.Symbol) bool {
	if len(d.Dims) != 1 {
		return false
	}
	dim := d.Dims[0]
	if dim.Kind == sema.AssumedSize {
		return true
	}
	if dim.Kind != sema.ExplicitShape || dim.Lo.Expr != nil || dim.Hi.Expr == nil {
		return false
	}
	n, ok := intConst(dim.Hi.Expr)
	return ok && n == 1
}

// reachRef returns what saves reach r of the dummy that element ce of
// assumed-size array v starts, when lo is at least 1 (else nil): the
// section v(k : k+hi-1) of a rank-1 v, or ce itself with the count
// max(hi, 0) in seqCounts (by sequence association, across columns).
func (g *gen) reachRef(ce *ast.CallExpr, v *sema.Symbol, r reach) ast.Expr {
	if lo, ok := lowerBound(r.lo, r.facts); !ok || lo < 1 {
		// Below the element passed (a negative increment), or a
		// reference in a branch these arguments do not take: the
		// section could start before the array.
		return nil
	}
	if len(v.Dims) == 1 {
		lo := g.info.Clone(ce.Args[0]) // (from the element: lo >= 1)
		hi := offsetBy(g.info.Clone(ce.Args[0]), r.hi)
		id := ast.NewIdent(exprString(ce.Fun))
		g.info.Uses[id] = v
		sec := &ast.CallExpr{Fun: id, Args: []ast.Expr{&ast.RangeExpr{Lo: lo, Hi: hi}}}
		g.info.Calls[sec] = sema.Call{Kind: sema.ArrayElement, Proc: v, Section: true, Type: v.Type, Rank: 1}
		return sec
	}
	elem := g.info.Clone(ce).(*ast.CallExpr)
	if g.seqCounts == nil {
		g.seqCounts = map[ast.Expr]ast.Expr{}
	}
	g.seqCounts[elem] = foldMinMax("max", r.hi, deriv.Int(0))
	return elem
}

// offsetBy returns k + j - 1, simplified.
func offsetBy(k, j ast.Expr) ast.Expr {
	return simplify(deriv.Sub(deriv.Add(&ast.ParenExpr{X: k}, &ast.ParenExpr{X: j}), deriv.Int(1)))
}

// seqCount returns the element count of reference x saved by sequence
// association (reachRef), or nil.
func (g *gen) seqCount(x ast.Expr) ast.Expr {
	if g.seqCounts == nil {
		return nil
	}
	return g.seqCounts[x]
}

func isMerge(c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && id.Name == "merge" && len(c.Args) == 3
}

func isMinMaxCall(x ast.Expr) bool {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := c.Fun.(*ast.Ident)
	return ok && (id.Name == "min" || id.Name == "max")
}
