package tangent

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// reduction(max:v) and reduction(min:v) of an active v on "!$omp
// parallel do", updated by v = max(v, e) (min) statements, in the body or
// in loops inside it. The final v is one update's e (or v's value before
// the loop): its tangent is that one's, whichever thread ran it. The loop
// keeps its reduction; each iteration keeps its running maximum and its
// tangent at its index,
//
//	if (e > val(i)) then     (>= with v second: ties to the last)
//	  val(i) = e
//	  tan(i) = e_d
//	end if
//	v = max(v, val(i))
//
// and after it a scan finds the winning iteration as the serial loop
// picks it (v = max(v, e): the earliest, v's value before the loop
// first; v = max(e, v): the last) and v_d takes its tangent (the
// adjoint's omp_minmax.go does the same).
type ompMinMax struct {
	sym        *sema.Symbol
	op         string
	first      bool
	args       map[ast.Stmt]ast.Expr // the updates (assignments, IF statements), and their e
	vals, tans string                // the arrays of each iteration's running maximum and its tangent
	init, win  string
	loopVar    string
}

// ompMinMaxLoop returns the tangent of parallel loop s if it has max or
// min reductions of active variables (ok false otherwise).
func (g *gen) ompMinMaxLoop(s *ast.DoConstruct) (out []ast.Stmt, ok bool, err error) {
	if g.ompMM != nil || s.Var == nil {
		return nil, false, nil // (the loop's own call below)
	}
	i := lastOmp(s.Doc)
	if i < 0 || s.Doc[i].Omp.Name != "parallel do" && s.Doc[i].Omp.Name != "do" {
		return nil, false, nil
	}
	var mm []*ompMinMax
	for _, cl := range s.Doc[i].Omp.Clauses {
		if cl.Name != "reduction" || !ompMinMaxOp(cl.Op) {
			continue
		}
		for _, v := range cl.Vars {
			sym := g.scope.Lookup(strings.ToLower(v))
			if sym == nil || !g.pa.ActiveVar(sym) {
				continue
			}
			r, err := g.ompMinMaxFind(s, strings.ToLower(cl.Op), sym)
			if err != nil {
				var l diag.List // at the directive
				l.Add(g.fset.Position(s.Doc[i].Slash), err.Error())
				return nil, true, l
			}
			mm = append(mm, r)
		}
	}
	if len(mm) == 0 {
		return nil, false, nil
	}
	if s.Doc[i].Omp.Clause("collapse") != nil {
		return nil, true, notSupported("reduction(%s:%s) of an active variable with collapse in tangent mode", mm[0].op, mm[0].sym.Name)
	}
	g.ompMM = mm
	loop, err := g.doConstruct(s)
	g.ompMM = nil
	if err != nil {
		return nil, true, err
	}
	pre, after := g.ompMinMaxAround(s, mm)
	if s.Doc[i].Omp.Name == "do" {
		// A worksharing loop of a region: one thread sets up and
		// scans, the others wait (the loop's end waits for all).
		pre, after = ompSingle(pre), ompSingle(after)
		// The directives before "!$omp do" (a region's start) go
		// before the setup.
		n := loop[0].Header()
		pre[0].Header().Doc = append(append([]*ast.Comment(nil), n.Doc[:i]...), pre[0].Header().Doc...)
		n.Doc = append([]*ast.Comment(nil), n.Doc[i:]...)
	}
	return append(append(pre, loop...), after...), true, nil
}

// ompMinMaxFind checks the updates of reduction variable sym in loop s:
// v = op(v, e), or all v = op(e, v), and no other mention of v.
func (g *gen) ompMinMaxFind(s *ast.DoConstruct, op string, sym *sema.Symbol) (*ompMinMax, error) {
	r := &ompMinMax{sym: sym, op: op, args: map[ast.Stmt]ast.Expr{}, loopVar: s.Var.Name}
	uses, bad, order := 0, false, 0
	for _, st := range s.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if strings.EqualFold(n.Name, sym.Name) {
					uses++
				}
			case *ast.IfStmt:
				if e, first, ok := ompMinMaxIf(n, op, sym.Name); ok {
					uses += 2
					bad = bad || !r.add(n, e, first, &order)
					return false
				}
			case *ast.AssignStmt:
				if id, ok := n.Lhs.(*ast.Ident); ok && strings.EqualFold(id.Name, sym.Name) {
					e, first := ompMinMaxArg(n, op, sym.Name)
					ompMinMaxTyped(g.info, n, e)
					bad = bad || e == nil || !r.add(n, e, first, &order)
				}
			}
			return true
		})
	}
	if bad || len(r.args) == 0 || uses != 2*len(r.args) {
		return nil, notSupported("reduction(%s:%s) of an active variable updated otherwise than by %s = %s(%s, e) (or all by %s = %s(e, %s)) in tangent mode",
			op, sym.Name, sym.Name, op, sym.Name, sym.Name, op, sym.Name)
	}
	r.first = order == 2
	g.ntmp++
	n := fmt.Sprint(g.ntmp)
	r.vals, r.tans, r.init, r.win = "fadj_omv"+n, "fadj_omd"+n, "fadj_omr"+n, "fadj_omw"+n
	for _, name := range []string{r.vals, r.tans, r.init, r.win} {
		if g.scope.LookupLocal(name) != nil {
			return nil, notSupported("generated name '%s' clashes with a name of the routine", name)
		}
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(sym.Type.Kind)}
	arr := func(name string) ast.Stmt {
		return &ast.TypeDecl{Type: ts, Attrs: []*ast.Attr{{Kind: ast.AttrAllocatable}}, DColon: true,
			Entities: []*ast.Entity{{Name: ast.NewIdent(name), Dims: []*ast.Dim{{Colon: true}}}}}
	}
	g.tmpDecls = append(g.tmpDecls, arr(r.vals), arr(r.tans), tmpDecl(r.init, sym.Type), tmpDecl(r.win, sema.BasicType(sema.IntegerType, 4)))
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
			if mentionsName(x, v) {
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

// mentionsName reports whether name occurs in n.
func mentionsName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			found = true
		}
		return !found
	})
	return found
}

// ompMinMaxName reports whether name is one of the arrays or scalars of
// a max or min reduction (shared, not a private temporary).
func ompMinMaxName(name string) bool {
	for _, p := range []string{"fadj_omv", "fadj_omd", "fadj_omr", "fadj_omw"} {
		if strings.HasPrefix(strings.ToLower(name), p) {
			return true
		}
	}
	return false
}

// ompMinMaxAssign is the tangent of an update of a max or min
// reduction of the loop (ok false for another statement): it keeps the
// iteration's running maximum and its tangent, and updates v from it.
func (g *gen) ompMinMaxAssign(s ast.Stmt) (out []ast.Stmt, ok bool, err error) {
	var r *ompMinMax
	for _, x := range g.ompMM {
		if x.args[s] != nil {
			r = x
		}
	}
	if r == nil {
		return nil, false, nil
	}
	e := r.args[s]
	if pre, err := g.hoist(e); err != nil || len(pre) > 0 {
		return nil, true, notSupported("reduction(%s:%s) of an active variable updated with a function reference in tangent mode", r.op, r.sym.Name)
	}
	d, err := g.tangent(e)
	if err != nil {
		return nil, true, err
	}
	i := r.loopVar
	better := map[string]string{"max": ">", "min": "<"}[r.op]
	upd := fmt.Sprintf("%s = %s(%s, %s(%s))", r.sym.Name, r.op, r.sym.Name, r.vals, i)
	if !r.first {
		better += "="
		upd = fmt.Sprintf("%s = %s(%s(%s), %s)", r.sym.Name, r.op, r.vals, i, r.sym.Name)
	}
	es := printer.ExprString(e)
	src := fmt.Sprintf("if (%s %s %s(%s)) then\n  %s(%s) = %s\n  %s(%s) = %s\nend if\n%s\n",
		es, better, r.vals, i, r.vals, i, es, r.tans, i, printer.ExprString(d), upd)
	return nlSnippet("continue\n" + src).Body[1:], true, nil // (not a statement function)
}

// ompMinMaxAround is what goes before and after parallel loop s for its
// max and min reductions.
func (g *gen) ompMinMaxAround(s *ast.DoConstruct, mm []*ompMinMax) (pre, after []ast.Stmt) {
	lo, hi := printer.ExprString(s.Start), printer.ExprString(s.Stop)
	step := ""
	if s.Step != nil {
		step = ", " + printer.ExprString(s.Step)
	}
	var b, a strings.Builder
	for _, r := range mm {
		v, i := r.sym.Name, r.loopVar
		// (Equal to the final value: not below it for max; no
		// equality test on reals, which -Wcompare-reals flags.)
		far, ge := "-huge("+r.vals+")", ">="
		if r.op == "min" {
			far, ge = "huge("+r.vals+")", "<="
		}
		fmt.Fprintf(&b, "%s = %s\nallocate(%s(min(%s, %s):max(%s, %s)), %s(min(%s, %s):max(%s, %s)))\n%s = %s\n",
			r.init, v, r.vals, lo, hi, lo, hi, r.tans, lo, hi, lo, hi, r.vals, far)
		fmt.Fprintf(&a, "%s = 0\ndo %s = %s, %s%s\n", r.win, i, lo, hi, step)
		if r.first {
			fmt.Fprintf(&a, "  if (%s(%s) %s %s) then\n    %s = %s\n    exit\n  end if\nend do\nif (%s %s %s) %s = 0\n", r.vals, i, ge, v, r.win, i, r.init, ge, v, r.win)
		} else {
			fmt.Fprintf(&a, "  if (%s(%s) %s %s) %s = %s\nend do\n", r.vals, i, ge, v, r.win, i)
		}
		fmt.Fprintf(&a, "if (%s /= 0) %s = %s(%s)\ndeallocate(%s, %s)\n", r.win, g.tname(r.sym), r.tans, r.win, r.vals, r.tans)
	}
	return nlSnippet(b.String()).Body, nlSnippet(a.String()).Body
}

// ompMinMaxOp reports whether op is a max or min reduction.
func ompMinMaxOp(op string) bool {
	return strings.EqualFold(op, "max") || strings.EqualFold(op, "min")
}

// ompSingle puts list in a SINGLE block.
func ompSingle(list []ast.Stmt) []ast.Stmt {
	open, end := &ast.ContinueStmt{}, &ast.ContinueStmt{}
	open.Doc = []*ast.Comment{ast.OmpComment(&ast.OmpDirective{Name: "single"})}
	end.Doc = []*ast.Comment{ast.OmpComment(&ast.OmpDirective{Name: "end single"})}
	return append(append([]ast.Stmt{open}, list...), end)
}

// ompStrayEnds drops from the statements of l the "end parallel do" and
// "end do" directives not right after a DO loop (optional; the statements
// after a loop with max or min reductions come between).
func ompStrayEnds(l []ast.Stmt) {
	for k, st := range l {
		doc := st.Header().Doc
		keep := doc[:0:0]
		for _, c := range doc {
			if c.Omp != nil && (c.Omp.Name == "end parallel do" || c.Omp.Name == "end do") {
				if _, ok := prevStmt(l, k).(*ast.DoConstruct); !ok {
					continue
				}
			}
			keep = append(keep, c)
		}
		if len(keep) != len(doc) {
			st.Header().Doc = keep
		}
	}
}

// prevStmt is l[k-1], nil for k = 0.
func prevStmt(l []ast.Stmt, k int) ast.Stmt {
	if k == 0 {
		return nil
	}
	return l[k-1]
}

// ompFirstTangents makes firstprivate the tangents of the private
// variables of a parallel region (or SECTIONS, SINGLE) directive d: the
// tangent leaves out t_d = 0 for a first assignment t = c whose tangent
// is zero already (t_d is zeroed at the routine's start), which a
// private copy, undefined on entry, is not; a copy of the zero is. (A
// loop's private variables need none: their first assignment is varied
// by the previous iteration.)
func ompFirstTangents(d *ast.OmpDirective, suffix string) {
	switch d.Name {
	case "parallel", "parallel sections", "sections", "single":
	default:
		return
	}
	cl := d.Clause("private")
	if cl == nil {
		return
	}
	var keep, first []string
	for _, v := range cl.Vars {
		if slices.ContainsFunc(cl.Vars, func(p string) bool { return strings.EqualFold(p+suffix, v) }) {
			first = append(first, v)
		} else {
			keep = append(keep, v)
		}
	}
	if len(first) == 0 {
		return
	}
	cl.Vars = keep
	if fp := d.Clause("firstprivate"); fp != nil {
		fp.Vars = append(fp.Vars, first...)
		return
	}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "firstprivate", Vars: first})
}

// add notes update s with e, ties to the earliest (first) or the last:
// false if the updates do not agree on it (order).
func (r *ompMinMax) add(s ast.Stmt, e ast.Expr, first bool, order *int) bool {
	k := 1
	if first {
		k = 2
	}
	ok := *order == 0 || *order == k
	*order = k
	r.args[s] = e
	return ok
}

// ompMinMaxIf recognizes the update of a max (min) reduction written as
// an IF statement, if (e > v) v = e (or v < e; >= and <= keep the last
// of equal values, as v = max(e, v) does; reversed for min), and returns
// e.
func ompMinMaxIf(s *ast.IfStmt, op, v string) (e ast.Expr, first, ok bool) {
	a, isA := s.Action.(*ast.AssignStmt)
	c, isB := s.Cond.(*ast.BinaryExpr)
	if !isA || !isB || !ompIsVar(a.Lhs, v) {
		return nil, false, false
	}
	x, y, rel := c.X, c.Y, c.Op
	if ompIsVar(x, v) { // v < e: e > v
		x, y = y, x
		rel = map[token.Kind]token.Kind{token.LT: token.GT, token.GT: token.LT, token.LE: token.GE, token.GE: token.LE}[rel]
	}
	if !ompIsVar(y, v) || mentionsName(x, v) || !ast.Equal(x, a.Rhs) {
		return nil, false, false
	}
	switch {
	case op == "max" && rel == token.GT, op == "min" && rel == token.LT:
		return x, true, true
	case op == "max" && rel == token.GE, op == "min" && rel == token.LE:
		return x, false, true
	}
	return nil, false, false
}

// ompIsVar reports whether x is the variable v.
func ompIsVar(x ast.Expr, v string) bool {
	id, ok := x.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, v)
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
