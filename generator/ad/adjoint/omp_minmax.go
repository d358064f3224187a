package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// reduction(max:v) and reduction(min:v) of an active v on "!$omp
// parallel do", updated by one v = max(v, e) (min) per iteration, as a
// CFL number or a largest speed that enters the cost. The final v is
// the value of one iteration (or v's value before the loop): the adjoint
// of v goes to that one, the winner, as the serial loop's adjoint gives
// it whatever the thread count. With v = max(v, e) ties go to the
// earliest: v's value before the loop, else the first iteration reaching
// the final value; with v = max(e, v) to the last iteration reaching it
// (v's value before the loop only if none does).
//
// The forward loop keeps its reduction and stores each iteration's e at
// its index (fadj_save<n>(i), as omp_carry.go's arrays); after it a scan
// finds the winner fadj_omw<n> (0: the value before the loop), which
// goes on the tape. The backward loop only reads v_b:
//
//	e_b += merge(v_b, 0, i == fadj_omw<n>)     (the adjoint of the update)
//
// and after it v_b stays for the value before the loop only if it won.
type ompMinMax struct {
	sym    *sema.Symbol
	op     string // "max" or "min"
	first  bool   // v is the first argument: ties go to the earliest
	stmt   *ast.AssignStmt
	arg    ast.Expr // e
	init   *ast.Ident
	win    *ast.Ident
	vals   *ast.Ident
	loopVa string
}

// ompMinMaxes finds the max and min reductions of active variables of
// parallel loop s with directive c and declares what they need; the
// updates are then reversed by ompMinMaxAssign.
func (g *gen) ompMinMaxes(s *ast.DoConstruct, c *ast.Comment) ([]*ompMinMax, error) {
	var out []*ompMinMax
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

// ompMinMaxFind checks the update of reduction variable sym in loop s.
func (g *gen) ompMinMaxFind(s *ast.DoConstruct, c *ast.Comment, op string, sym *sema.Symbol) (*ompMinMax, error) {
	var upd []*ast.AssignStmt
	uses := 0
	inner := false
	var walk func(list []ast.Stmt, nested bool)
	walk = func(list []ast.Stmt, nested bool) {
		for _, st := range list {
			ast.Inspect(st, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Ident:
					if strings.EqualFold(n.Name, sym.Name) {
						uses++
					}
				case *ast.AssignStmt:
					if id, ok := n.Lhs.(*ast.Ident); ok && strings.EqualFold(id.Name, sym.Name) {
						upd = append(upd, n)
						inner = inner || nested
					}
				case *ast.DoConstruct:
					if n != st || nested {
						break
					}
					walk(n.Body, true)
					for _, x := range []ast.Expr{n.Start, n.Stop, n.Step, n.While} {
						if x != nil && mentions(x, sym.Name) {
							uses++
						}
					}
					return false
				}
				return true
			})
		}
	}
	walk(s.Body, false)
	what := fmt.Sprintf("reduction(%s:%s) of an active variable", op, sym.Name)
	if len(upd) != 1 || inner {
		return nil, g.ompError(c, "%s not updated by one %s = %s(%s, ...) per iteration (in no inner loop) in reverse mode", what, sym.Name, op, sym.Name)
	}
	a := upd[0]
	call, ok := a.Rhs.(*ast.CallExpr)
	fn, isID := ast.Expr(nil), false
	if ok {
		fn = call.Fun
		_, isID = fn.(*ast.Ident)
	}
	if !ok || !isID || !strings.EqualFold(fn.(*ast.Ident).Name, op) || len(call.Args) != 2 || uses != 2 {
		return nil, g.ompError(c, "%s updated otherwise than by %s = %s(%s, e) in reverse mode", what, sym.Name, op, sym.Name)
	}
	r := &ompMinMax{sym: sym, op: op, stmt: a, loopVa: s.Var.Name}
	for k, x := range call.Args {
		if id, ok := x.(*ast.Ident); ok && strings.EqualFold(id.Name, sym.Name) {
			r.first = k == 0
			r.arg = call.Args[1-k]
		}
	}
	if r.arg == nil || mentions(r.arg, sym.Name) {
		return nil, g.ompError(c, "%s updated otherwise than by %s = %s(%s, e) in reverse mode", what, sym.Name, op, sym.Name)
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(sym.Type.Kind)}
	init, err := g.local(fmt.Sprintf("fadj_omr%d", g.nsave+1), sym.Type)
	if err != nil {
		return nil, err
	}
	win, err := g.local(fmt.Sprintf("fadj_omw%d", g.nsave+1), intType)
	if err != nil {
		return nil, err
	}
	vals := g.allocatable("fadj_save", ts, 1)
	if vals == nil {
		return nil, g.ompError(c, "generated name fadj_save%d clashes with a name of the routine", g.nsave)
	}
	r.init, r.win, r.vals = init, win, vals
	return r, nil
}

// ompMinMaxAssign reverses the update of a max or min reduction of the
// parallel loop being reversed (ok false for another statement).
func (g *gen) ompMinMaxAssign(s *ast.AssignStmt) (fwd, bwd []ast.Stmt, ok bool, err error) {
	var r *ompMinMax
	for _, x := range g.omp.minmax {
		if x.stmt == s {
			r = x
		}
	}
	if r == nil {
		return nil, nil, false, nil
	}
	i := ast.NewIdent(r.loopVa)
	store := &ast.AssignStmt{Lhs: &ast.CallExpr{Fun: ast.Clone(r.vals), Args: []ast.Expr{i}}, Rhs: ast.Clone(r.arg)}
	vb, err := g.lhsAdjRef(s.Lhs)
	if err != nil {
		return nil, nil, true, err
	}
	won := &ast.BinaryExpr{X: ast.NewIdent(r.loopVa), Op: token.EQ, OpLit: "==", Y: ast.Clone(r.win)}
	seed := deriv.Call("merge", vb, deriv.Const("0", r.sym.Type), won)
	adj, err := g.adj(r.arg, seed)
	if err != nil {
		return nil, nil, true, err
	}
	// The update reads the value stored, so that the scan finds it
	// equal to the final value bit for bit.
	upd := ast.Copy(s).(*ast.AssignStmt)
	orig := s.Rhs.(*ast.CallExpr)
	call := &ast.CallExpr{Fun: ast.Clone(orig.Fun)}
	for _, x := range orig.Args {
		if x == r.arg {
			x = store.Lhs
		}
		call.Args = append(call.Args, ast.Clone(x))
	}
	upd.Rhs = call
	return []ast.Stmt{store, upd}, g.backRef(s, adj), true, nil
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
		v, vals, win, init, i := r.sym.Name, r.vals.Name, r.win.Name, r.init.Name, r.loopVa
		// (Equal to the final value: not below it for max; no
		// equality test on reals, which -Wcompare-reals flags.)
		far, ge := "-huge("+vals+")", ">="
		if r.op == "min" {
			far, ge = "huge("+vals+")", "<="
		}
		pre := fmt.Sprintf("%s = %s\nallocate(%s(min(%s, %s):max(%s, %s)))\n%s = %s\n", init, v, vals, lo, hi, lo, hi, vals, far)
		// The winner: with v first the earliest reaching the final
		// value (v's value before the loop first), else the last.
		scan := fmt.Sprintf("%s = 0\ndo %s = %s, %s%s\n  if (%s(%s) %s %s) then\n    %s = %s\n    exit\n  end if\nend do\nif (%s %s %s) %s = 0\n",
			win, i, lo, hi, step, vals, i, ge, v, win, i, init, ge, v, win)
		if !r.first {
			scan = fmt.Sprintf("%s = 0\ndo %s = %s, %s%s\n  if (%s(%s) %s %s) %s = %s\nend do\n", win, i, lo, hi, step, vals, i, ge, v, win, i)
		}
		scan += fmt.Sprintf("deallocate(%s)\n", vals)
		recs[0] = append(recs[0], parseStmts(pre)...)
		recs[1] = append(recs[1], parseStmts(scan)...)
		recs[1] = append(recs[1], pushInt(ast.Clone(r.win)))
		recs[2] = append([]ast.Stmt{popInt(ast.Clone(r.win))}, recs[2]...)
		vb := v + g.suffix
		zero := printer.ExprString(deriv.Const("0", r.sym.Type))
		recs[3] = append(parseStmts(fmt.Sprintf("if (%s /= 0) %s = %s\n", win, vb, zero)), recs[3]...)
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
	case ws:
		return nil, g.ompError(c, "reduction(%s:%s) of an active variable on !$omp do in a parallel region in reverse mode (on !$omp parallel do only)", r.op, r.sym.Name)
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
