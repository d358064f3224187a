package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// reduction(max:v) and reduction(min:v) of an active v on "!$omp
// parallel do", updated by v = max(v, e) (min) statements, in the body
// or in loops inside it, as a CFL number or a largest speed that enters
// the cost. The final v is the value of one update of one iteration (or
// v's value before the loop): the adjoint of v goes to that one, the
// winner, as the serial loop's adjoint gives it whatever the thread
// count. With v = max(v, e) ties go to the earliest: v's value before the
// loop, else the first update reaching the final value; with v = max(e,
// v) to the last update reaching it (v's value before the loop only if
// none does).
//
// The forward loop keeps its reduction; each iteration i keeps in arrays
// of the loop's range (fadj_save<n>, as omp_carry.go's) its own running
// maximum, its count of updates and the number of the update that set
// the maximum; v is updated from the running maximum:
//
//	cnt(i) = cnt(i) + 1
//	if (e > val(i)) then          (>= with v second: the last)
//	  val(i) = e
//	  pos(i) = cnt(i)
//	end if
//	v = max(v, val(i))
//
// After the loop a scan finds the winning iteration fadj_omw<n> (0: the
// value before the loop); it, its count and the winning update's number
// go on the tape. The backward loop counts the updates of the winning
// iteration down and only reads v_b:
//
//	e_b += merge(v_b, 0, i == fadj_omw<n> .and. cnt(i) == fadj_omk<n>)
//	cnt(i) = cnt(i) - 1
//
// and after it v_b stays for the value before the loop only if it won.
type ompMinMax struct {
	sym             *sema.Symbol
	op              string                // "max" or "min"
	first           bool                  // v is the first argument: ties go to the earliest
	args            map[ast.Stmt]ast.Expr // the updates (assignments, or IF statements: omp_minmax_if.go) and their e
	lhs             map[ast.Stmt]ast.Expr // and the v each writes
	init, win, k, n *ast.Ident
	vals, cnt, pos  *ast.Ident
	loopVa          string
}

// ompMinMaxes finds the max and min reductions of active variables of
// parallel loop s with directive c and declares what they need; the
// updates are then reversed by ompMinMaxAssign.
func (g *gen) ompMinMaxes(s *ast.DoConstruct, c *ast.Comment) ([]*ompMinMax, error) {
	var out []*ompMinMax
	ops, vars := g.ompCritMinMaxes(s, c) // omp_minmax_crit.go
	for k, v := range vars {
		r, err := g.ompMinMaxFind(s, c, ops[k], g.scope.Lookup(v))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	for _, cl := range c.Omp.Clauses {
		if cl.Name != "reduction" || !ompMinMaxOp(cl.Op) {
			continue
		}
		for _, v := range cl.Vars {
			sym := g.scope.Lookup(strings.ToLower(v))
			if sym == nil || !g.pa.ActiveVar(sym) {
				continue
			}
			r, err := g.ompMinMaxFind(s, c, strings.ToLower(cl.Op), sym)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// ompMinMaxOp reports whether op is a max or min reduction.
func ompMinMaxOp(op string) bool {
	return strings.EqualFold(op, "max") || strings.EqualFold(op, "min")
}

// ompMinMaxFind checks the updates of reduction variable sym in loop s:
// v = op(v, e) or all v = op(e, v), v mentioned nowhere else.
func (g *gen) ompMinMaxFind(s *ast.DoConstruct, c *ast.Comment, op string, sym *sema.Symbol) (*ompMinMax, error) {
	r := &ompMinMax{sym: sym, op: op, args: map[ast.Stmt]ast.Expr{}, lhs: map[ast.Stmt]ast.Expr{}, loopVa: s.Var.Name}
	uses, bad, order := 0, false, 0
	for _, st := range s.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if strings.EqualFold(n.Name, sym.Name) {
					uses++
				}
			case *ast.IfStmt:
				if a, e, first, ok := ompMinMaxIf(n, op, sym.Name); ok { // omp_minmax_if.go
					uses += 2
					bad = bad || !r.add(n, a.Lhs, e, first, &order)
					return false
				}
			case *ast.AssignStmt:
				if id, ok := n.Lhs.(*ast.Ident); ok && strings.EqualFold(id.Name, sym.Name) {
					e, first := ompMinMaxArg(n, op, sym.Name)
					ompMinMaxTyped(g.info, n, e)
					bad = bad || e == nil || !r.add(n, n.Lhs, e, first, &order)
				}
			}
			return true
		})
	}
	if bad || len(r.args) == 0 || uses != 2*len(r.args) {
		return nil, g.ompError(c, "reduction(%s:%s) of an active variable updated otherwise than by %s = %s(%s, e) (or all by %s = %s(e, %s)) in reverse mode",
			op, sym.Name, sym.Name, op, sym.Name, sym.Name, op, sym.Name)
	}
	r.first = order == 2
	for _, e := range r.args {
		if f := g.ompImpure(e); f != "" {
			return nil, g.ompError(c, "reduction(%s:%s) of an active variable updated with a reference to '%s', not PURE, in reverse mode", op, sym.Name, f)
		}
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(sym.Type.Kind)}
	its := &ast.TypeSpec{Kind: ast.Integer}
	sfx := fmt.Sprint(g.nsave + 1)
	var ids [4]*ast.Ident
	for i, name := range []string{"fadj_omr", "fadj_omw", "fadj_omk", "fadj_omn"} {
		t := intType
		if i == 0 {
			t = sym.Type
		}
		id, err := g.local(name+sfx, t)
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	r.init, r.win, r.k, r.n = ids[0], ids[1], ids[2], ids[3]
	r.vals, r.cnt, r.pos = g.allocatable("fadj_save", ts, 1), g.allocatable("fadj_save", its, 1), g.allocatable("fadj_save", its, 1)
	if r.vals == nil || r.cnt == nil || r.pos == nil {
		return nil, g.ompError(c, "generated name fadj_save%d clashes with a name of the routine", g.nsave)
	}
	return r, nil
}

// ompMinMaxArg returns e of update a, v = op(v, e) (first) or v = op(e,
// v), nil if a is not one; of v = op(v, e1, e2, ...), e = op(e1, e2,
// ...).
func ompMinMaxArg(a *ast.AssignStmt, op, v string) (e ast.Expr, first bool) {
	call, ok := a.Rhs.(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil, false
	}
	if fn, ok := call.Fun.(*ast.Ident); !ok || !strings.EqualFold(fn.Name, op) {
		return nil, false
	}
	// v first or last: v = max(v, a, b) is v = max(v, e), e = max(a, b).
	for _, k := range []int{0, len(call.Args) - 1} {
		id, ok := call.Args[k].(*ast.Ident)
		if !ok || !strings.EqualFold(id.Name, v) {
			continue
		}
		rest := append(append([]ast.Expr(nil), call.Args[:k]...), call.Args[k+1:]...)
		for _, x := range rest {
			if mentions(x, v) {
				return nil, false
			}
		}
		if len(rest) == 1 {
			return rest[0], k == 0
		}
		return &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Args: rest}, k == 0 // (the intrinsic, resolved)
	}
	return nil, false
}

// add notes update s of v (lhs) with e, ties to the earliest (first) or
// the last: false if the updates do not agree on it (order).
func (r *ompMinMax) add(s ast.Stmt, lhs, e ast.Expr, first bool, order *int) bool {
	k := 1
	if first {
		k = 2
	}
	ok := *order == 0 || *order == k
	*order = k
	r.args[s], r.lhs[s] = e, lhs
	return ok
}

// ompMinMaxAssign reverses an update of a max or min reduction of the
// parallel loop being reversed (ok false for another statement).
func (g *gen) ompMinMaxAssign(s ast.Stmt) (fwd, bwd []ast.Stmt, ok bool, err error) {
	var r *ompMinMax
	for _, x := range g.omp.minmax {
		if x.args[s] != nil {
			r = x
		}
	}
	if r == nil {
		return nil, nil, false, nil
	}
	e := r.args[s]
	i, cnt, pos, vals := r.loopVa, r.cnt.Name, r.pos.Name, r.vals.Name
	better := map[string]string{"max": ">", "min": "<"}[r.op]
	if !r.first {
		better += "="
	}
	upd := fmt.Sprintf("%s(%s)", vals, i)
	if r.first {
		upd = fmt.Sprintf("%s = %s(%s, %s)", r.sym.Name, r.op, r.sym.Name, upd)
	} else {
		upd = fmt.Sprintf("%s = %s(%s, %s)", r.sym.Name, r.op, upd, r.sym.Name)
	}
	fwd = ompParseStmts(fmt.Sprintf("%s(%s) = %s(%s) + 1\nif (%s %s %s(%s)) then\n  %s(%s) = %s\n  %s(%s) = %s(%s)\nend if\n%s\n",
		cnt, i, cnt, i, printer.ExprString(e), better, vals, i, vals, i, printer.ExprString(e), pos, i, cnt, i, upd))
	ompCritUpdate(s, fwd[len(fwd)-1]) // omp_minmax_crit.go
	vb, err := g.lhsAdjRef(r.lhs[s])
	if err != nil {
		return nil, nil, true, err
	}
	won := parseExpr(fmt.Sprintf("%s == %s .and. %s(%s) == %s", i, r.win.Name, cnt, i, r.k.Name))
	seed := deriv.Call("merge", vb, deriv.Const("0", r.sym.Type), won)
	adj, err := g.adj(e, seed)
	if err != nil {
		return nil, nil, true, err
	}
	adj = append(adj, ompParseStmts(fmt.Sprintf("%s(%s) = %s(%s) - 1\n", cnt, i, cnt, i))...)
	return fwd, g.backRef(s, adj), true, nil
}

// ompMinMaxAround adds to the statements around parallel loop s those of
// its max and min reductions: before the forward loop (pre), after it
// (after), before the backward loop (before) and after it (post).
func (g *gen) ompMinMaxAround(s *ast.DoConstruct, rs []*ompMinMax, recs *[4][]ast.Stmt) {
	lo, hi := printer.ExprString(g.asInt(s.Start)), printer.ExprString(g.asInt(s.Stop))
	step := ""
	if s.Step != nil {
		step = ", " + printer.ExprString(s.Step)
	}
	for _, r := range rs {
		v, vals, cnt, pos, win, init, i := r.sym.Name, r.vals.Name, r.cnt.Name, r.pos.Name, r.win.Name, r.init.Name, r.loopVa
		// (Equal to the final value: not below it for max; no
		// equality test on reals, which -Wcompare-reals flags.)
		far, ge := "-huge("+vals+")", ">="
		if r.op == "min" {
			far, ge = "huge("+vals+")", "<="
		}
		rng := fmt.Sprintf("(min(%s, %s):max(%s, %s))", lo, hi, lo, hi)
		pre := fmt.Sprintf("%s = %s\nallocate(%s%s, %s%s, %s%s)\n%s = %s\n%s = 0\n%s = 0\n", init, v, vals, rng, cnt, rng, pos, rng, vals, far, cnt, pos)
		// The winner: with v first the earliest reaching the final
		// value (v's value before the loop first), else the last.
		scan := fmt.Sprintf("%s = 0\ndo %s = %s, %s%s\n  if (%s(%s) %s %s) then\n    %s = %s\n    exit\n  end if\nend do\nif (%s %s %s) %s = 0\n",
			win, i, lo, hi, step, vals, i, ge, v, win, i, init, ge, v, win)
		if !r.first {
			scan = fmt.Sprintf("%s = 0\ndo %s = %s, %s%s\n  if (%s(%s) %s %s) %s = %s\nend do\n", win, i, lo, hi, step, vals, i, ge, v, win, i)
		}
		scan += fmt.Sprintf("%s = 0\n%s = 0\nif (%s /= 0) then\n  %s = %s(%s)\n  %s = %s(%s)\nend if\ndeallocate(%s, %s, %s)\n",
			r.k.Name, r.n.Name, win, r.k.Name, pos, win, r.n.Name, cnt, win, vals, cnt, pos)
		recs[0] = append(recs[0], parseStmts(pre)...)
		recs[1] = append(recs[1], parseStmts(scan)...)
		recs[1] = append(recs[1], pushInt(ast.Clone(r.win)), pushInt(ast.Clone(r.k)), pushInt(ast.Clone(r.n)))
		// The backward loop counts the winner's updates down.
		back := parseStmts(fmt.Sprintf("allocate(%s%s)\n%s = 0\nif (%s /= 0) %s(%s) = %s\n", cnt, rng, cnt, win, cnt, win, r.n.Name))
		recs[2] = append(append([]ast.Stmt{popInt(ast.Clone(r.n)), popInt(ast.Clone(r.k)), popInt(ast.Clone(r.win))}, back...), recs[2]...)
		zero := printer.ExprString(deriv.Const("0", r.sym.Type))
		recs[3] = append(parseStmts(fmt.Sprintf("deallocate(%s)\nif (%s /= 0) %s = %s\n", cnt, win, v+g.suffix, zero)), recs[3]...)
	}
}

// ompMinMaxCheck returns the max and min reductions of active variables
// of parallel loop s (ws: a worksharing loop of a region), rejecting
// those not handled, and makes ompMinMaxAssign reverse their updates.
func (g *gen) ompMinMaxCheck(s *ast.DoConstruct, c *ast.Comment, ws bool) ([]*ompMinMax, error) {
	mm, err := g.ompMinMaxes(s, c)
	if err != nil || len(mm) == 0 {
		return nil, err
	}
	r := mm[0]
	switch {
	case c.Omp.Clause("collapse") != nil:
		return nil, g.ompError(c, "reduction(%s:%s) of an active variable with collapse in reverse mode", r.op, r.sym.Name)
	}
	g.omp.minmax = mm
	return mm, nil
}

// ompZeroPrivateAdj returns the start of the backward region of r, with
// directive d: the adjoints of the region's private variables are zeroed
// there (a private variable is dead after the region, its adjoint 0, and
// a private copy is undefined on entry: local_b = local_b + cost_b of a
// partial sum added in a CRITICAL section read it). They are
// firstprivate too: the tidying drops a zero when the variable is zero
// already before the region, which the copies then are. The directive
// stays on a CONTINUE of its own (not on a zero the tidying may drop).
func (g *gen) ompZeroPrivateAdj(r *ompRegion, d *ast.OmpDirective) []ast.Stmt {
	var zeros []ast.Stmt
	var first []string
	suf := strings.ToLower(g.suffix)
	cl := d.Clause("private")
	if cl == nil {
		return []ast.Stmt{g.ompCarrier(d)}
	}
	var keep []string
	for _, n := range cl.Vars {
		base := strings.TrimSuffix(strings.ToLower(n), suf)
		sym := g.scope.Lookup(base)
		if base == strings.ToLower(n) || !r.private[base] || sym == nil || !g.hasAdj(sym) || !isFloat(sym.Type) {
			keep = append(keep, n)
			continue
		}
		first = append(first, n)
		zeros = append(zeros, &ast.AssignStmt{Lhs: ast.NewIdent(n), Rhs: deriv.Const("0", sym.Type)})
	}
	if len(first) == 0 {
		return []ast.Stmt{g.ompCarrier(d)}
	}
	cl.Vars = keep
	if len(keep) == 0 {
		d.Clauses = ompWithoutClauses(d.Clauses, "private")
	}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "firstprivate", Vars: first})
	c := &ast.ContinueStmt{}
	c.Doc = []*ast.Comment{ast.OmpComment(d)}
	return append([]ast.Stmt{c}, zeros...)
}

// ompParseStmts parses generated statements, the first of which may look
// like a statement function definition (a(i) = ...) on its own.
func ompParseStmts(src string) []ast.Stmt {
	return parseStmts("continue\n" + src)[1:]
}

// ompMinMaxTyped gives e, the op(e1, e2, ...) ompMinMaxArg makes of
// update a, v = op(v, e1, e2, ...), the type of a's right side (the
// derivative code asks sema for it).
func ompMinMaxTyped(info *sema.Info, a *ast.AssignStmt, e ast.Expr) {
	call, ok := e.(*ast.CallExpr)
	if !ok || call == a.Rhs {
		return
	}
	if _, known := info.Calls[call]; !known {
		info.Calls[call] = info.Calls[a.Rhs.(*ast.CallExpr)]
	}
}
