package adjoint

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// OpenMP in reverse mode. A "!$omp parallel do" loop whose iterations
// write disjoint elements (a valid OpenMP loop: no iteration reads what
// another writes) has a backward loop whose iterations are independent
// too, except for the adjoint increments of what several iterations read
// (u_b(i-1) = u_b(i-1) + ... of a stencil). The backward loop is itself a
// parallel loop:
//   - an adjoint array written in every assignment at the loop index in
//     one same dimension (u_b(i), a_b(i, j)) belongs to one iteration;
//   - when the other adjoint arrays are written at most a constant
//     distance k from the loop index in one dimension (u_b(i-1), u_b(i+1)),
//     the loop runs over blocks of at least 2k+1 iterations in two
//     colours: the even blocks in parallel, then the odd ones, each block
//     in order; no two blocks of a colour write the same element, so the
//     increments need no atomics (ompColoured);
//   - else their increments are made atomic (!$omp atomic);
//   - adjoint scalar increments of shared variables are reductions (+);
//   - the loop's private variables (recomputed in the backward loop),
//     their adjoints (zeroed at each iteration's start: a private
//     variable is dead between iterations) and generated temporaries are
//     private.
// The loop must need no tape inside: what it records is recorded outside
// the parallel region (hoisted), or stored in arrays indexed by the loop
// index (omp_carry.go), else the loop is rejected at its directive.
// Parallel regions with worksharing loops: omp_region.go; collapse(2):
// omp_collapse.go; CRITICAL sections around passive code in the loop
// stay. Other directives in a routine reversed are rejected.

// ompParallelDo returns the "parallel do" directive on s, nil if none.
func ompParallelDo(s *ast.DoConstruct) *ast.Comment {
	for i := len(s.Doc) - 1; i >= 0; i-- {
		if c := s.Doc[i]; c.Omp != nil {
			if c.Omp.Name == "parallel do" {
				return c
			}
			return nil
		}
	}
	return nil
}

// ompError is a diagnostic at directive c.
func (g *gen) ompError(c *ast.Comment, format string, args ...any) error {
	var l diag.List
	l.Add(g.fset.Position(c.Slash), "not supported yet: "+fmt.Sprintf(format, args...))
	return l
}

// ompCheck rejects, at their positions, the directives of a routine
// reversed other than "parallel do" on a DO loop and its optional end,
// with err, the errors of its body.
func (g *gen) ompCheck(u *ast.Unit, err error) error {
	var errs diag.List
	check := func(h *ast.StmtHeader, do *ast.DoConstruct) {
		var ok *ast.Comment
		if do != nil {
			ok = ompParallelDo(do)
		}
		for _, c := range h.Doc {
			// An END directive goes with the one it ends, reported.
			if c.Omp == nil || c == ok || g.omp.ok[c] || strings.HasPrefix(c.Omp.Name, "end") {
				continue
			}
			name := "!$ line"
			if !c.Omp.Cond {
				name = "!$omp " + c.Omp.Name
			}
			errs.AddErr(g.fset, c.Slash, g.ompError(c, "%s in reverse mode", name))
		}
	}
	for _, d := range u.Decls {
		check(d.Header(), nil)
	}
	ompHeaders(u.Body, check)
	check(&u.End.StmtHeader, nil)
	if len(errs) == 0 {
		return err
	}
	if err != nil {
		errs.AddErr(g.fset, u.Pos(), err)
	}
	errs.Sort()
	return errs
}

// ompHeaders calls f with the headers of the statements of list and of
// the constructs in it, and the DO construct a header begins.
func ompHeaders(list []ast.Stmt, f func(*ast.StmtHeader, *ast.DoConstruct)) {
	ast.StmtHeaders(list, func(h *ast.StmtHeader, s ast.Stmt) {
		do, _ := s.(*ast.DoConstruct)
		f(h, do)
	})
}

// ompStrip drops "end parallel do" directives (optional, and misplaced
// once the statements around them move) from generated statements, and
// from the backward sweep (bwd) every directive of the primal's (those
// of statements recomputed there: the backward sweep has its own), and
// those of parallel regions left on the END of a construct. A statement
// changed is a copy: it may be the primal's.
func (g *gen) ompStrip(list []ast.Stmt, bwd bool) []ast.Stmt {
	drop := func(c *ast.Comment) bool {
		// (A parallel region's are in place already: omp_region.go.)
		return c.Omp != nil && (c.Omp.Name == "end parallel do" || bwd && c.Slash.IsValid() || g.omp.inRegion[c])
	}
	// A region ending its list has its END directives (end do, end
	// single ..., end parallel) on the END of the construct around.
	closed := func(h *ast.StmtHeader, i int) bool {
		c := h.Doc[i]
		return len(g.omp.inRegion) > 0 && c.Omp != nil && c.Slash.IsValid() && (ompFind(h.Doc[i:], "end parallel") != nil || ompFind(h.Doc[i:], "end parallel sections") != nil)
	}
	out := append([]ast.Stmt(nil), list...)
	for i, s := range out {
		has := false
		ompHeaders(out[i:i+1], func(h *ast.StmtHeader, _ *ast.DoConstruct) {
			for k, c := range h.Doc {
				has = has || drop(c) || closed(h, k)
			}
		})
		if !has {
			continue
		}
		out[i] = ast.Copy(s)
		ompHeaders(out[i:i+1], func(h *ast.StmtHeader, _ *ast.DoConstruct) {
			var doc []*ast.Comment
			for k, c := range h.Doc {
				if !drop(c) && !closed(h, k) {
					doc = append(doc, c)
				}
			}
			h.Doc = doc
		})
	}
	return out
}

// ompLoop reverses "!$omp parallel do" loop s with directive c: both
// sweeps are parallel loops (see above).
func (g *gen) ompLoop(s *ast.DoConstruct, c *ast.Comment) (fwd, bwd []ast.Stmt, err error) {
	ws := c.Omp.Name == "do" // a worksharing loop of a parallel region (omp_region.go)
	if !ws && g.omp.region != nil {
		return nil, nil, g.ompError(c, "!$omp parallel do inside a parallel region in reverse mode")
	}
	if err := g.ompLoopCheck(s, c); err != nil {
		return nil, nil, err
	}
	mm, err := g.ompMinMaxCheck(s, c, ws) // omp_minmax.go
	if err != nil {
		return nil, nil, err
	}
	g.depth++
	g.loops = append(g.loops, s)
	defer func() { g.depth--; g.loops = g.loops[:len(g.loops)-1] }()
	f, b, err := g.stmts(s.Body)
	g.omp.minmax = nil
	if err != nil {
		return nil, nil, err
	}
	pre, post, f, b, after, before := g.hoistRecords(s, f, b)
	recs := [4][]ast.Stmt{pre, after, before, post}
	f, b = g.ompCallSnaps(s, c, f, b, &recs) // omp_calls.go
	f, b = g.ompLift(s, f, b, &recs)         // omp_lift.go
	f, b = g.ompBuffers(s, c, f, b, &recs)   // omp_carry.go
	g.ompBranchBuffers(s, f, b, &recs)
	taped := ompTaped(f) || ompTaped(b)
	if taped && ws {
		return nil, nil, g.ompError(c, "!$omp %s whose iterations need the tape in reverse mode", c.Omp.Name)
	}
	if taped {
		if err := g.ompTapeCheck(s, c, f, b); err != nil { // omp_tape.go
			return nil, nil, err
		}
	}
	if err := g.ompCarried(s, c, b); err != nil {
		return nil, nil, err
	}
	if taped {
		g.ompMinMaxAround(s, mm, &recs)                  // omp_minmax.go
		fwd, bwd, err := g.ompTapeLoop(s, c, f, b, recs) // omp_tape.go
		if err != nil {
			return nil, nil, err
		}
		return g.ompLastAround(c.Omp, fwd, bwd) // omp_firstlast.go
	}
	f, b = g.ompCarry(s, c, f, b, &recs) // omp_carry.go
	g.ompMinMaxAround(s, mm, &recs)
	pre, after, before, post = recs[0], recs[1], recs[2], recs[3]
	n := ast.Copy(s).(*ast.DoConstruct)
	n.Body = f
	if n.TermLabel != 0 {
		n.TermLabel = 0
		n.End = ast.EndStmt{Keyword: "do", Name: s.Name}
	}
	inOrder := !g.primalWrites(f, s.Var.Name)
	if inOrder {
		// Something generated is written in each iteration (a
		// counter): the forward loop runs in order.
		n.Doc = ompWithout(n.Doc, c)
	}
	if ws {
		return g.ompWorkLoop(s, c, n, inOrder, b, [4][]ast.Stmt{pre, after, before, post})
	}
	if !inOrder && c.Omp.Clause("default") != nil {
		// The arrays the loop stores values in (omp_carry.go) are
		// shared, as default(shared) makes them.
		n.Doc = ompWithout(n.Doc, c)
		n.Doc = append(n.Doc, ast.OmpComment(ompNoDefault(c.Omp)))
	}
	n.Doc = ompPruneDoc(n.Doc, n) // omp_private_snaps.go
	if d := ompFwdCollapse(c.Omp, n); d.Clause("collapse") == nil && c.Omp.Clause("collapse") != nil {
		n.Doc = append(ompWithout(n.Doc, c), ast.OmpComment(d)) // omp_collapse.go
	}
	fwd = append(append(pre, n), after...)
	if len(b) == 0 {
		return g.ompLastAround(c.Omp, fwd, append(before, post...))
	}
	loop, err := g.ompBackLoop(s, c, b)
	if err != nil {
		return nil, nil, err
	}
	bwd = append(append(before, loop...), post...)
	return g.ompLastAround(c.Omp, fwd, bwd) // omp_firstlast.go
}

// ompBackLoop is the backward loop of parallel loop s with directive c
// and backward body b.
func (g *gen) ompBackLoop(s *ast.DoConstruct, c *ast.Comment, b []ast.Stmt) ([]ast.Stmt, error) {
	back := &ast.DoConstruct{Var: ast.NewIdent(s.Var.Name), Start: s.Start, Stop: s.Stop, Step: s.Step,
		Body: b, End: ast.EndStmt{Keyword: "do"}}
	d, dist, err := g.ompBackward(s, c, back)
	if err != nil {
		return nil, err
	}
	d.Name = c.Omp.Name
	if dist > 0 {
		loop, err := g.ompColoured(s, back, d, dist)
		return g.ompGlobalsAround(s, loop), err
	}
	ompCollapse(s, c, back, d) // omp_collapse.go
	back.Doc = []*ast.Comment{ast.OmpComment(d)}
	return g.ompGlobalsAround(s, []ast.Stmt{back}), nil
}

// ompDist combines two write distances (-1: unbounded).
func ompDist(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return max(a, b)
}

// ompStep is the step of loop s.
func ompStep(s *ast.DoConstruct) ast.Expr {
	if s.Step == nil {
		return deriv.Int(1)
	}
	return s.Step
}

// ompChunks is how many blocks the backward loop's range is cut into
// (at least): enough for the threads of each colour to balance.
const ompChunks = 128

// ompColoured runs backward loop back, whose iterations write up to dist
// elements away from their index, without atomics: its range is cut into
// blocks of at least 2*dist+1 iterations, and the even blocks run in
// parallel, then the odd ones (no two blocks of a colour write the same
// element), each block in order.
//
//	fadj_ombs = max(2*dist+1, (stop - start + ompChunks) / ompChunks)
//	fadj_omnb = (stop - start + fadj_ombs) / fadj_ombs
//	do fadj_omph = 0, 1
//	  !$omp parallel do ...
//	  do fadj_omb = fadj_omph, fadj_omnb - 1, 2
//	    do i = start + fadj_omb*fadj_ombs, min(stop, start + fadj_omb*fadj_ombs + fadj_ombs - 1)
func (g *gen) ompColoured(s *ast.DoConstruct, back *ast.DoConstruct, d *ast.OmpDirective, dist int) ([]ast.Stmt, error) {
	sfx := strconv.Itoa(g.depth + 1)
	var ids [4]*ast.Ident
	for i, n := range []string{"fadj_ombs", "fadj_omnb", "fadj_omph", "fadj_omb"} {
		id, err := g.local(n+sfx, intType)
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	bs, nb, ph, blk := ids[0], ids[1], ids[2], ids[3]
	if g.omp.region != nil {
		// Every thread runs the colour loop: its variables are private.
		for _, id := range ids[:3] {
			g.omp.region.priv = append(g.omp.region.priv, id.Name)
		}
	}
	lo, hi := g.asInt(s.Start), g.asInt(s.Stop)
	span := &ast.ParenExpr{X: deriv.Sub(ast.Clone(hi), ast.Clone(lo))}
	setBs := &ast.AssignStmt{Lhs: bs, Rhs: &ast.CallExpr{Fun: ast.NewIdent("max"), Args: []ast.Expr{
		deriv.Int(2*dist + 1), deriv.Div(&ast.ParenExpr{X: deriv.Add(span, deriv.Int(ompChunks))}, deriv.Int(ompChunks))}}}
	setNb := &ast.AssignStmt{Lhs: ast.Clone(nb), Rhs: deriv.Div(&ast.ParenExpr{X: deriv.Add(ast.Clone(span), ast.Clone(bs))}, ast.Clone(bs))}
	first := deriv.Add(ast.Clone(lo), deriv.Mul(ast.Clone(blk), ast.Clone(bs)))
	back.Start = first
	back.Stop = &ast.CallExpr{Fun: ast.NewIdent("min"), Args: []ast.Expr{ast.Clone(hi),
		deriv.Sub(deriv.Add(ast.Clone(first), ast.Clone(bs)), deriv.Int(1))}}
	back.Step = nil
	blocks := &ast.DoConstruct{Var: blk, Start: ast.Clone(ph), Stop: deriv.Sub(ast.Clone(nb), deriv.Int(1)), Step: deriv.Int(2),
		Body: []ast.Stmt{back}, End: ast.EndStmt{Keyword: "do"}}
	blocks.Doc = []*ast.Comment{ast.OmpComment(d)}
	colours := &ast.DoConstruct{Var: ph, Start: deriv.Int(0), Stop: deriv.Int(1),
		Body: []ast.Stmt{blocks}, End: ast.EndStmt{Keyword: "do"}}
	if g.omp.region != nil {
		// In a parallel region every thread computes the blocks, in
		// the colour loop (omp_region.go).
		colours.Body = []ast.Stmt{setBs, setNb, blocks}
		return []ast.Stmt{colours}, nil
	}
	return []ast.Stmt{setBs, setNb, colours}, nil
}

// ompLoopCheck rejects the parallel loops the reversal does not handle.
func (g *gen) ompLoopCheck(s *ast.DoConstruct, c *ast.Comment) error {
	switch {
	case s.Var == nil:
		return g.ompError(c, "!$omp parallel do of a loop without a loop variable")
	case g.sh.fixed[s] != nil || g.sh.plan.Region(s) != nil:
		return g.ompError(c, "!$omp parallel do of a checkpointed or fixed-point loop in reverse mode")
	case len(g.jumps.byLoop[s]) > 0:
		return g.ompError(c, "!$omp parallel do of a loop left by a jump in reverse mode")
	case !g.invariant(s.Start) || !g.invariant(s.Stop) || s.Step != nil && !g.invariant(s.Step):
		return g.ompError(c, "!$omp parallel do with bounds the routine changes in reverse mode")
	}
	if err := g.checkDoVar(s); err != nil {
		return err
	}
	g.omp.loopDir = c
	if err := g.ompCriticals(s.Body, s.Body); err != nil {
		return err
	}
	for _, cl := range c.Omp.Clauses {
		switch cl.Name {
		case "private", "shared", "schedule", "default", "num_threads", "if", "nowait":
		case "collapse":
			if err := g.ompCollapseOK(s, c, cl); err != nil {
				return err
			}
		case "reduction":
			if cl.Op != "+" && cl.Op != "-" && !ompMinMaxOp(cl.Op) && g.anyActive(cl.Vars) {
				return g.ompError(c, "reduction(%s:...) of an active variable in reverse mode", cl.Op)
			}
		case "firstprivate", "lastprivate":
			if err := g.ompFirstLastCheck(s, c, cl); err != nil { // omp_firstlast.go
				return err
			}
		default:
			return g.ompError(c, "clause %s of !$omp parallel do in reverse mode", cl.Name)
		}
	}
	return nil
}

// anyActive reports whether one of the names is an active variable.
func (g *gen) anyActive(names []string) bool {
	for _, v := range names {
		if s := g.scope.Lookup(strings.ToLower(v)); s != nil && g.pa.ActiveVar(s) {
			return true
		}
	}
	return false
}

// ompTaped reports whether generated statements use the runtime (tape
// pushes and pops, snapshots): not thread-safe.
func ompTaped(list []ast.Stmt) bool {
	taped := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallStmt); ok {
				if id, ok := c.Name.(*ast.Ident); ok && (strings.HasPrefix(strings.ToLower(id.Name), "fadj_") || ompSplitFwd(id.Name)) {
					taped = true
				}
			}
			return !taped
		})
	}
	return taped
}

// ompSplitFwd reports whether a generated call calls the forward routine
// of a callee reversed with calls: split, which records on the tape.
func ompSplitFwd(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), "_fwd")
}

// ompWrites are the assignments of a backward loop body, by the name of
// the variable they write (lower case).
type ompWrites struct {
	scalars, arrays map[string][]*ast.AssignStmt
	order           []string        // the names, sorted
	loopVars        map[string]bool // the DO variables of inner loops
	calls           []*ast.CallStmt // of callees' adjoints (omp_calls.go)
	popped          map[string]bool // the scalars a pop restores (omp_tape.go)
}

// collect gathers the assignments and the calls of list.
func (w *ompWrites) collect(list []ast.Stmt) error {
	var err error
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.DoConstruct:
				if n.Var != nil { // private, as the DO variable of a loop inside a parallel loop
					w.loopVars[strings.ToLower(n.Var.Name)] = true
				}
			case *ast.CallStmt:
				if name := strings.ToLower(callName(n)); strings.HasPrefix(name, "fadj_") {
					w.pop(n) // the runtime's, recording on the thread's tape (omp_tape.go)
					return true
				}
				w.calls = append(w.calls, n)
			case *ast.AssignStmt:
				switch l := n.Lhs.(type) {
				case *ast.Ident:
					w.add(w.scalars, l.Name, n)
				case *ast.CallExpr:
					if id, ok := l.Fun.(*ast.Ident); ok {
						w.add(w.arrays, id.Name, n)
						return true
					}
					err = fmt.Errorf("an assignment to a component in the adjoint of an !$omp parallel do loop")
				default:
					err = fmt.Errorf("an assignment to a component in the adjoint of an !$omp parallel do loop")
				}
			}
			return err == nil
		})
	}
	sort.Strings(w.order)
	return err
}

func (w *ompWrites) add(m map[string][]*ast.AssignStmt, name string, a *ast.AssignStmt) {
	name = strings.ToLower(name)
	if w.scalars[name] == nil && w.arrays[name] == nil && !w.popped[name] {
		w.order = append(w.order, name)
	}
	m[name] = append(m[name], a)
}

// owned reports whether the writes of an array all index one dimension
// with the loop variable v: each iteration writes its own elements.
func owned(writes []*ast.AssignStmt, v string) bool {
	rank := len(writes[0].Lhs.(*ast.CallExpr).Args)
	for d := 0; d < rank; d++ {
		all := true
		for _, a := range writes {
			args := a.Lhs.(*ast.CallExpr).Args
			id, ok := ast.Expr(nil), false
			if d < len(args) {
				id = args[d]
			}
			x, isID := id.(*ast.Ident)
			ok = isID && strings.EqualFold(x.Name, v)
			all = all && ok
		}
		if all {
			return true
		}
	}
	return false
}

// increment reports whether a is x = x + e or x = x - e with e free of
// the variable x names: a statement !$omp atomic can update.
func increment(a *ast.AssignStmt, name string) bool {
	b, ok := a.Rhs.(*ast.BinaryExpr)
	if !ok || b.Op != token.PLUS && b.Op != token.MINUS || !ast.Equal(b.X, a.Lhs) {
		return false
	}
	if l, ok := a.Lhs.(*ast.CallExpr); ok {
		for _, x := range l.Args {
			if _, r := x.(*ast.RangeExpr); r {
				return false // a section: atomic updates scalars only
			}
		}
	}
	free := true
	ast.Inspect(b.Y, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			free = false
		}
		return free
	})
	return free
}

// ompKind says what a name written in the backward loop is.
type ompKind int

const (
	ompUnknown    ompKind = iota
	ompPrivate            // a private variable of the loop, recomputed
	ompPrivateAdj         // the adjoint of one
	ompTemp               // a generated temporary
	ompSharedAdj          // the adjoint of a shared variable
)

func (g *gen) ompKindOf(name string, private map[string]bool) ompKind {
	suf := strings.ToLower(g.suffix)
	switch {
	case private[name]:
		return ompPrivate
	case strings.HasSuffix(name, suf) && g.scope.Lookup(strings.TrimSuffix(name, suf)) != nil:
		if private[strings.TrimSuffix(name, suf)] {
			return ompPrivateAdj
		}
		return ompSharedAdj
	case g.scope.Lookup(name) == nil && g.declared[name]:
		return ompTemp
	}
	return ompUnknown
}

// ompBackward makes the backward loop's iterations independent: it
// returns the loop's directive, makes the increments of adjoints other
// iterations increment too atomic and zeroes private adjoints at each
// iteration's start.
func (g *gen) ompBackward(s *ast.DoConstruct, c *ast.Comment, back *ast.DoConstruct) (d *ast.OmpDirective, dist int, err error) {
	private, clause := ompPrivates(c.Omp)
	ompSharedFirst(c.Omp, s, private) // omp_firstlast.go
	if r := g.omp.region; r != nil {
		for v := range r.private {
			private[v] = true
		}
	}
	delete(private, strings.ToLower(s.Var.Name)) // private(i): the backward loop sets it
	w := &ompWrites{scalars: map[string][]*ast.AssignStmt{}, arrays: map[string][]*ast.AssignStmt{}, loopVars: map[string]bool{}, popped: map[string]bool{}}
	if err := w.collect(back.Body); err != nil {
		return nil, 0, g.ompError(c, "%v", err)
	}
	byCalls, err := g.ompCallWrites(s, c, w) // omp_calls.go
	if err != nil {
		return nil, 0, g.ompError(c, "%v", err)
	}
	if err := g.ompPrivateRead(c, back.Body, private, clause, w); err != nil {
		return nil, 0, err
	}
	var priv, first, red, shared []string
	var zero []ast.Stmt
	dist = 0 // how far from its index an iteration writes (-1: unbounded)
	for _, name := range w.order {
		kind := g.ompKindOf(name, private)
		if w.popped[name] && w.scalars[name] == nil && w.arrays[name] == nil {
			// restored from the thread's tape (omp_tape.go): a private or
			// generated variable
			if g.scope.Lookup(name) != nil && !private[name] || !writtenFirst(back.Body, name, false) {
				return nil, 0, g.ompError(c, "'%s' restored from the tape in the adjoint of the !$omp parallel do loop", name)
			}
			priv = append(priv, name)
			continue
		}
		if ws := w.arrays[name]; ws != nil {
			if w.scalars[name] != nil || kind != ompSharedAdj && !(kind == ompUnknown && owned(ws, s.Var.Name)) {
				return nil, 0, g.ompError(c, "an array '%s' the adjoint of the !$omp parallel do loop writes", name)
			}
			sh, d, err := g.ompArray(c, name, ws, s.Var.Name)
			if err != nil {
				return nil, 0, err
			}
			if sh {
				shared = append(shared, name)
				dist = ompDist(dist, d)
			}
			continue
		}
		switch kind {
		case ompTemp:
			if !writtenFirst(back.Body, name, false) {
				return nil, 0, g.ompError(c, "generated '%s' carried from one iteration to the next in the adjoint of the !$omp parallel do loop", name)
			}
			priv = append(priv, name)
		case ompPrivate:
			if !writtenFirst(back.Body, name, false) {
				return nil, 0, g.ompError(c, "private variable '%s' of !$omp parallel do read by its adjoint before it is computed again", name)
			}
			switch clause[name] {
			case "firstprivate":
				first = append(first, name)
			default: // private, lastprivate
				priv = append(priv, name)
			}
		case ompPrivateAdj:
			priv = append(priv, name)
			primal := strings.TrimSuffix(name, strings.ToLower(g.suffix))
			sym := g.scope.Lookup(primal)
			zero = append(zero, &ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: deriv.Const("0", sym.Type)})
			if clause[primal] == "lastprivate" {
				st, err := g.ompLastStart(s, sym, name) // omp_firstlast.go
				if err != nil {
					return nil, 0, err
				}
				zero = append(zero, st)
			}
		case ompSharedAdj:
			for _, a := range w.scalars[name] {
				if !increment(a, name) {
					return nil, 0, g.ompError(c, "an assignment to '%s' in the adjoint of the !$omp parallel do loop", name)
				}
			}
			if g.ompGlobalRed(c, name) { // omp_globals.go
				continue
			}
			red = append(red, name)
		default:
			return nil, 0, g.ompError(c, "an assignment to '%s' in the adjoint of the !$omp parallel do loop", name)
		}
	}
	back.Body = g.ompGlobalsBody(s, append(zero, back.Body...)) // omp_globals.go
	if len(shared) > 0 && (dist < 0 || !isOne(ompStep(s)) || g.omp.tapeLoop) {
		for _, name := range shared {
			if byCalls[name] {
				return nil, 0, g.ompError(c, "a call in the adjoint of an !$omp parallel do loop incrementing '%s' at elements other iterations increment", name)
			}
		}
		ompAtomic(w, shared)
		dist = 0
	}
	return ompBackDirective(c.Omp, priv, first, red), dist, nil
}

// ompArray checks the writes of adjoint array name: none if each
// iteration writes its own elements; else they must be increments, and
// dist is how far from its own index an iteration writes (the largest
// offset c of subscripts i+c in one dimension), -1 if unbounded.
func (g *gen) ompArray(c *ast.Comment, name string, ws []*ast.AssignStmt, v string) (shared bool, dist int, err error) {
	if owned(ws, v) {
		return false, 0, nil
	}
	for _, a := range ws {
		if !increment(a, name) {
			return false, 0, g.ompError(c, "an assignment to '%s' in the adjoint of the !$omp parallel do loop", name)
		}
	}
	return true, offsets(ws, v), nil
}

// offsets is the least, over the dimensions whose subscript is the loop
// variable v plus or minus a constant in every write, of the largest
// constant; -1 if there is no such dimension.
func offsets(ws []*ast.AssignStmt, v string) int {
	best := -1
	rank := len(ws[0].Lhs.(*ast.CallExpr).Args)
	for d := 0; d < rank; d++ {
		k, ok := 0, true
		for _, a := range ws {
			args := a.Lhs.(*ast.CallExpr).Args
			if d >= len(args) {
				ok = false
				break
			}
			off, isOff := loopOffset(args[d], v)
			ok = ok && isOff
			k = max(k, off)
		}
		if ok && (best < 0 || k < best) {
			best = k
		}
	}
	return best
}

// loopOffset returns |c| if x is v, v + c or v - c with c an integer
// constant.
func loopOffset(x ast.Expr, v string) (int, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		return 0, strings.EqualFold(x.Name, v)
	case *ast.BinaryExpr:
		id, ok := x.X.(*ast.Ident)
		lit, isLit := x.Y.(*ast.BasicLit)
		if !ok || !isLit || lit.Kind != token.INT || !strings.EqualFold(id.Name, v) || x.Op != token.PLUS && x.Op != token.MINUS {
			return 0, false
		}
		n, err := strconv.Atoi(lit.Value)
		return n, err == nil
	}
	return 0, false
}

// ompAtomic makes the writes of the shared adjoint arrays atomic.
func ompAtomic(w *ompWrites, shared []string) {
	for _, name := range shared {
		for _, a := range w.arrays[name] {
			a.Doc = append(a.Doc, ast.OmpComment(&ast.OmpDirective{Name: "atomic"}))
		}
	}
}

// ompPrivates returns the private variables of directive d (private,
// firstprivate, lastprivate; lower case) and the clause of each.
func ompPrivates(d *ast.OmpDirective) (map[string]bool, map[string]string) {
	private, clause := map[string]bool{}, map[string]string{}
	for _, cl := range d.Clauses {
		if cl.Name == "private" || cl.Name == "firstprivate" || cl.Name == "lastprivate" {
			for _, v := range cl.Vars {
				private[strings.ToLower(v)] = true
				clause[strings.ToLower(v)] = cl.Name
			}
		}
	}
	return private, clause
}

// ompBackDirective is the backward loop's directive: the primal's
// scheduling clauses, the private variables and the reductions.
func ompBackDirective(p *ast.OmpDirective, priv, first, red []string) *ast.OmpDirective {
	d := &ast.OmpDirective{Name: "parallel do"}
	if len(priv) > 0 {
		d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "private", Vars: priv})
	}
	if len(first) > 0 {
		d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "firstprivate", Vars: first})
	}
	if len(red) > 0 {
		d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "reduction", Op: "+", Vars: red})
	}
	for _, cl := range p.Clauses {
		switch cl.Name {
		case "schedule", "num_threads", "if":
			d.Clauses = append(d.Clauses, &ast.OmpClause{Name: cl.Name, Arg: cl.Arg})
		}
	}
	return d
}

// ompPrivateRead rejects a backward loop reading a private variable of
// the loop it does not compute again: the value the serial reversal
// would read (the last iteration's) is not defined after the region.
func (g *gen) ompPrivateRead(c *ast.Comment, body []ast.Stmt, private map[string]bool, clause map[string]string, w *ompWrites) error {
	var bad string
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				name := strings.ToLower(id.Name)
				if private[name] && clause[name] != "firstprivate" && w.scalars[name] == nil && w.arrays[name] == nil && !w.loopVars[name] && !w.popped[name] && bad == "" {
					bad = name
				}
			}
			return true
		})
	}
	if bad != "" {
		return g.ompError(c, "private variable '%s' of !$omp parallel do read by its adjoint and not recomputed", bad)
	}
	return nil
}

// writtenFirst reports whether each iteration of list writes name before
// it reads it (written: it has been written before list): whether name
// can be private. Writes inside constructs count only inside them.
func writtenFirst(list []ast.Stmt, name string, written bool) bool {
	for _, s := range list {
		if written {
			return true
		}
		if ompPops(s, name) {
			written = true
			continue
		}
		if ompAllocates(s, name) {
			continue // (reads no value of it)
		}
		if a, ok := s.(*ast.AssignStmt); ok {
			if id, ok := a.Lhs.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
				if mentions(a.Rhs, name) {
					return false
				}
				written = true
				continue
			}
		}
		if !nestedWrittenFirst(s, name) {
			return false
		}
	}
	return true
}

// nestedWrittenFirst is writtenFirst for the blocks of construct s (for
// another statement: whether it does not mention name).
func nestedWrittenFirst(s ast.Stmt, name string) bool {
	switch s := s.(type) {
	case *ast.DoConstruct:
		for _, x := range []ast.Expr{s.Start, s.Stop, s.Step, s.While} {
			if x != nil && mentions(x, name) {
				return false
			}
		}
		if s.Var != nil && strings.EqualFold(s.Var.Name, name) {
			return true // the loop sets its variable
		}
		return writtenFirst(s.Body, name, false)
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			if b.Cond != nil && mentions(b.Cond, name) || !writtenFirst(b.Body, name, false) {
				return false
			}
		}
		return true
	}
	return !mentions(s, name)
}

// mentions reports whether name occurs in n.
func mentions(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			found = true
		}
		return !found
	})
	return found
}

// primalWrites reports whether the forward statements write only
// variables of the routine (as the primal loop does), not generated ones
// but the values stored at the element of the iteration of loop
// variable v (ompCarry).
func (g *gen) primalWrites(list []ast.Stmt, v string) bool {
	ok := true
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if a, isA := n.(*ast.AssignStmt); isA && !ompOwnWrite(a, v) {
				var base *ast.Ident
				switch l := a.Lhs.(type) {
				case *ast.Ident:
					base = l
				case *ast.CallExpr:
					base, _ = l.Fun.(*ast.Ident)
				}
				ok = ok && base != nil && g.scope.Lookup(strings.ToLower(base.Name)) != nil
			}
			return ok
		})
	}
	return ok
}

// ompWithout returns doc without comment c.
func ompWithout(doc []*ast.Comment, c *ast.Comment) []*ast.Comment {
	var out []*ast.Comment
	for _, d := range doc {
		if d != c {
			out = append(out, d)
		}
	}
	return out
}
