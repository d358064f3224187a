package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The reach of a local index stepped through a loop, as the reference
// BLAS write their non-unit increments:
//
//	iy = 1
//	if (incy .lt. 0) iy = (-n+1)*incy + 1
//	do i = 1, n
//	   dy(iy) = dy(iy) + da*dx(ix)
//	   ix = ix + incx
//	   iy = iy + incy
//	end do
//
// The index takes the values iy0, iy0 + incy, ... for the trips of the
// loop, iy0 chosen as the callee chooses it (merge on the condition, in
// the caller's terms): its reach is from the smaller to the larger of
// the first and last values, exactly.

// inductionReach returns the lowest and highest values of subscript e
// of the callee when e is such an index of the innermost of loops (with
// the neutral 1 and 0 when the loop may not run), false otherwise.
func (g *gen) inductionReach(e ast.Expr, loops []*ast.DoConstruct, d *sema.Symbol, args []ast.Expr) (lo, hi ast.Expr, ok bool) {
	id, isID := e.(*ast.Ident)
	if !isID || len(loops) == 0 {
		return nil, nil, false
	}
	s := g.info.ObjectOf(id)
	l := loops[len(loops)-1]
	if s == nil || s.Kind != sema.VarSym || s.IsDummy() || s.Owner != d.Owner || s.Rank() != 0 || s.Type == nil || !s.Type.IsInteger() ||
		s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || s.Attrs.Has(sema.AttrInCommon) ||
		l.Var == nil || l.While != nil || l.Concurrent != nil {
		return nil, nil, false
	}
	inc := g.stepOf(l, s, d)
	if inc == nil {
		return nil, nil, false
	}
	step := g.calleeTerms(inc, d, args, nil, nil)
	first := g.initialValue(d.Owner.Unit.Body, l, s, d, args)
	start := g.calleeTerms(l.Start, d, args, nil, nil)
	stop := g.calleeTerms(l.Stop, d, args, nil, nil)
	lstep := ast.Expr(deriv.Int(1))
	if l.Step != nil {
		lstep = g.calleeTerms(l.Step, d, args, nil, nil)
	}
	if step == nil || first == nil || start == nil || stop == nil || lstep == nil {
		return nil, nil, false
	}
	ls, constStep := intConst(lstep)
	if !constStep || ls == 0 {
		return nil, nil, false
	}
	trips := &ast.ParenExpr{X: deriv.Div(&ast.ParenExpr{X: deriv.Sub(stop, start)}, lstep)} // trips - 1
	first = simplify(first)
	last := simplify(deriv.Add(first, deriv.Mul(trips, &ast.ParenExpr{X: step})))
	lo, hi = foldMinMax("min", first, last), foldMinMax("max", first, last)
	if _, isConst := intConst(step); !isConst {
		lo, hi = signSplit(first, trips, step) // legacy_reach_sign.go
	}
	if n, isConst := intConst(step); isConst {
		// The first value is the lowest for a step not negative.
		lo, hi = first, last
		if n < 0 {
			lo, hi = last, first
		}
	}
	runs := &ast.BinaryExpr{X: stop, Op: token.GE, Y: start}
	if ls < 0 {
		runs.Op = token.LE
	}
	if n, isConst := intConst(deriv.Sub(runs.X, &ast.ParenExpr{X: runs.Y})); isConst {
		if (n >= 0) == (ls > 0) || n == 0 {
			return lo, hi, true
		}
		return deriv.Int(1), deriv.Int(0), true // never runs
	}
	runs.X, runs.Y = simplify(runs.X), simplify(runs.Y)
	return foldMerge(lo, deriv.Int(1), runs), foldMerge(hi, deriv.Int(0), ast.Clone(runs)), true
}

// stepOf returns inc when the body of loop l defines s once, by
// s = s + inc at its top level after every other reference to s and to
// the dummy d; else nil.
func (g *gen) stepOf(l *ast.DoConstruct, s, d *sema.Symbol) ast.Expr {
	var inc ast.Expr
	at := -1
	for k, st := range l.Body {
		a, isAssign := st.(*ast.AssignStmt)
		if isAssign && g.isVar(a.Lhs, s) {
			b, isBin := a.Rhs.(*ast.BinaryExpr)
			if inc != nil || !isBin || b.Op != token.PLUS {
				return nil
			}
			switch {
			case g.isVar(b.X, s) && !refsVar(g.info, b.Y, s):
				inc = b.Y
			case g.isVar(b.Y, s) && !refsVar(g.info, b.X, s):
				inc = b.X
			default:
				return nil
			}
			at = k
			continue
		}
		if inc != nil && (refsVar(g.info, st, s) || refsVar(g.info, st, d)) {
			return nil // a reference after the step
		}
		if g.stmtDefines(st, s) {
			return nil
		}
	}
	if at < 0 {
		return nil
	}
	return inc
}

// initialValue returns the value s has on entry to loop l, in the
// caller's terms, from the statements before l in its statement list of
// body: s = v, then any number of if (c) s = w; nil if another statement
// there may define s or no assignment gives it a value.
func (g *gen) initialValue(body []ast.Stmt, l *ast.DoConstruct, s, d *sema.Symbol, args []ast.Expr) ast.Expr {
	list := stmtListOf(body, l)
	var v ast.Expr
	for _, st := range list {
		if st == ast.Stmt(l) {
			return v
		}
		switch st := st.(type) {
		case *ast.AssignStmt:
			if g.isVar(st.Lhs, s) {
				v = g.calleeTerms(st.Rhs, d, args, nil, nil)
				if v == nil {
					return nil
				}
				continue
			}
		case *ast.IfStmt:
			if a, isAssign := st.Action.(*ast.AssignStmt); isAssign && g.isVar(a.Lhs, s) {
				w := g.calleeTerms(a.Rhs, d, args, nil, nil)
				c := g.calleeTerms(st.Cond, d, args, nil, nil)
				if v == nil || w == nil || c == nil {
					return nil
				}
				v = foldCond(w, v, c)
				continue
			}
		}
		if g.stmtDefines(st, s) {
			return nil
		}
	}
	return nil
}

// isVar reports whether x is variable s.
func (g *gen) isVar(x ast.Expr, s *sema.Symbol) bool {
	id, ok := x.(*ast.Ident)
	return ok && g.info.ObjectOf(id) == s
}

// stmtDefines reports whether statement st may define scalar s: an
// assignment to it, a DO loop over it, a call or I/O naming it (a call
// passing an expression of a local, call daxpy(k-1, ...), does not:
// callDefines).
func (g *gen) stmtDefines(st ast.Stmt, s *sema.Symbol) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || g.isVar(n.Lhs, s)
		case *ast.DoConstruct:
			found = found || n.Var != nil && g.isVar(n.Var, s)
		case *ast.CallStmt:
			found = found || g.callDefines(n, s)
		case *ast.IOStmt:
			found = found || refsVar(g.info, n, s)
		}
		return !found
	})
	return found
}

// stmtListOf returns the statement list of body, or of a construct in
// it, that holds statement target; nil if none.
func stmtListOf(body []ast.Stmt, target ast.Stmt) []ast.Stmt {
	for _, st := range body {
		if st == target {
			return body
		}
		var inner [][]ast.Stmt
		switch st := st.(type) {
		case *ast.IfConstruct:
			for _, b := range st.Branches {
				inner = append(inner, b.Body)
			}
		case *ast.DoConstruct:
			inner = append(inner, st.Body)
		}
		for _, list := range inner {
			if l := stmtListOf(list, target); l != nil {
				return l
			}
		}
	}
	return nil
}

// foldCond returns merge(w, v, c), or w or v when c compares integers
// whose difference is a constant (incy .lt. 0 with incy passed -1).
func foldCond(w, v, c ast.Expr) ast.Expr {
	if p, ok := c.(*ast.ParenExpr); ok {
		c = p.X
	}
	b, ok := c.(*ast.BinaryExpr)
	if !ok {
		return foldMerge(w, v, c)
	}
	n, isConst := intConst(deriv.Sub(b.X, &ast.ParenExpr{X: b.Y}))
	if !isConst {
		return foldMerge(w, v, c)
	}
	var holds bool
	switch b.Op {
	case token.LT:
		holds = n < 0
	case token.LE:
		holds = n <= 0
	case token.GT:
		holds = n > 0
	case token.GE:
		holds = n >= 0
	case token.EQ:
		holds = n == 0
	case token.NE:
		holds = n != 0
	default:
		return foldMerge(w, v, c)
	}
	if holds {
		return w
	}
	return v
}

// callDefines reports whether call st may define scalar s that it
// names: a local of a unit without internal procedures (not in COMMON,
// a module or an EQUIVALENCE, nor a dummy) is defined only as an
// actual argument itself, or through a function reference among them.
func (g *gen) callDefines(st *ast.CallStmt, s *sema.Symbol) bool {
	if !refsVar(g.info, st, s) {
		return false
	}
	if s.IsDummy() || isGlobal(s) || s.Attrs.Has(sema.AttrEquivalence) || s.Owner == nil || s.Owner.Unit == nil || len(s.Owner.Unit.Procs) > 0 {
		return true
	}
	for _, a := range st.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
		}
		if g.isVar(a, s) || g.hasFunctionRef(a) && refsVar(g.info, a, s) {
			return true
		}
	}
	return false
}

// hasFunctionRef reports whether x references a function not intrinsic.
func (g *gen) hasFunctionRef(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok {
			if k, known := g.info.Calls[ce]; !known || k.Kind == sema.FunctionCall && !isIntrinsicProc(k.Proc) {
				found = true
			}
		}
		return !found
	})
	return found
}
