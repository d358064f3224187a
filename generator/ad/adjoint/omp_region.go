package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// OpenMP parallel regions in reverse mode:
//
//	!$omp parallel private(t)
//	!$omp single            (or master)
//	...                     one thread
//	!$omp end single
//	!$omp do                a worksharing loop
//	do i = ...
//	!$omp end do
//	!$omp barrier
//	...
//	!$omp end parallel
//
// The directives are comments on the statements they precede, so the
// region is the statements of one list from the one after "!$omp
// parallel" to the one before "!$omp end parallel" (or the list's end:
// a region is a structured block). stmts reverses its statements one by
// one, as for serial code (the worksharing loops as parallel loops,
// ompLoop), then ompRegions rebuilds both sweeps as parallel regions:
//   - the forward sweep keeps the primal's structure: replicated
//     statements run on every thread, SINGLE and MASTER blocks (MASTER
//     becomes SINGLE: its end has a barrier, which orders the tape),
//     CRITICAL sections and barriers stay; what a loop records before or
//     after it runs in a SINGLE block;
//   - the backward sweep is one parallel region running the adjoints of
//     the statements in reverse order: the worksharing loops' backward
//     loops (their implicit barriers keep the order of the loops), and
//     between them what writes only private variables (recomputations
//     of private temporaries) on every thread, followed by a barrier,
//     the rest (the adjoints of SINGLE blocks and of replicated
//     statements, the tape) in SINGLE blocks, which end with a barrier.
// A region's directives in the generated code are on CONTINUE statements
// (ompCarrier) moved onto the statements after them at the end
// (ompMerge); the primal's, left on the statements and on the END of the
// construct around (a region ending its list), are dropped (ompStrip).
// The tape is used in SINGLE blocks only: one thread at a time, in the
// order of the serial program. Replicated statements and CRITICAL
// sections must need no tape, and the adjoint of a CRITICAL section may
// write only private variables (the adjoints of what it reads, as for
// s = s + psum); else the region is rejected at the directive.

// ompState is the generator's OpenMP state.
type ompState struct {
	region   *ompRegion            // the region whose statements stmts reverses, nil outside
	ok       map[*ast.Comment]bool // directives reversed: ompCheck accepts them
	carriers map[ast.Stmt]bool     // CONTINUE statements carrying directives (ompCarrier)
	any      int                   // whether the routine has directives: 0 not known yet, 1 no, 2 yes
	inRegion map[*ast.Comment]bool // the directives of the regions reversed (ompStrip drops them)
	tapeLoop bool                  // the backward loop being made runs on the threads' tapes (omp_tape.go)
	minmax   []*ompMinMax          // the max and min reductions of the loop being reversed (omp_minmax.go)
	globals  []*ompGlobal          // the module variables' adjoints its callees update (omp_globals.go)
	loopDir  *ast.Comment          // the directive of the parallel loop ompCriticals checks
}

// ompCtx is where a statement of a region runs.
type ompCtx int

const (
	ompRepl   ompCtx = iota // on every thread
	ompSingle               // in a SINGLE or MASTER block
	ompCrit                 // in a CRITICAL section
	ompWork                 // a worksharing loop
)

// ompRegion is a parallel region: statements list[k:j].
type ompRegion struct {
	k, j    int
	dir     *ast.Comment
	ctx     []ompCtx
	block   []int                // by statement: the SINGLE or CRITICAL block it is in (0: none)
	crit    map[int]*ast.Comment // CRITICAL directives by block
	barrier []bool               // by statement: a barrier before it
	loops   map[*ast.DoConstruct]*ast.Comment
	private map[string]bool // the region's private variables, lower case
	priv    []string        // generated names private in the backward region
	dirs    []*ast.Comment  // the region's directives
	outer   *ompRegion      // the region around the list, nil if none
	stmts   []ast.Stmt      // list[k:j]
	starts  []int           // by statement of list[k:j+1]: where its forward sweep begins in the list's
}

// ompFind returns the directive named name in doc, nil if none.
func ompFind(doc []*ast.Comment, name string) *ast.Comment {
	for _, c := range doc {
		if c.Omp != nil && !c.Omp.Cond && c.Omp.Name == name {
			return c
		}
	}
	return nil
}

// ompSpans finds the parallel regions of list; jumps tells that jumps
// land in the list (not supported with a region). It adds what it
// rejects to errs and returns no region then.
func (g *gen) ompSpans(list []ast.Stmt, jumps bool, errs *diag.List) []*ompRegion {
	out, err := g.ompFindSpans(list, jumps)
	if err != nil {
		errs.AddErr(g.fset, list[0].Pos(), err)
		return nil
	}
	return out
}

// ompFindSpans is ompSpans with its error.
func (g *gen) ompFindSpans(list []ast.Stmt, jumps bool) ([]*ompRegion, error) {
	var out []*ompRegion
	for i := 0; i < len(list); i++ {
		c, end := ompFind(list[i].Header().Doc, "parallel"), "end parallel"
		if c == nil {
			c, end = ompFind(list[i].Header().Doc, "parallel sections"), "end parallel sections" // omp_sections.go
		}
		if c == nil {
			continue
		}
		if g.omp.region != nil {
			return nil, g.ompError(c, "!$omp parallel inside a parallel region in reverse mode")
		}
		j := i + 1
		for j < len(list) && ompFind(list[j].Header().Doc, end) == nil {
			j++
		}
		r, err := g.ompParse(list, i, j, c)
		if err != nil {
			// The error says what fails: the other directives are
			// not reported again.
			for _, s := range list[i:min(j+1, len(list))] {
				g.ompAccept(s.Header().Doc...)
			}
			return nil, err
		}
		r.outer, r.starts = g.omp.region, make([]int, j-i+1)
		out = append(out, r)
		g.ompAccept(r.dirs...) // its own errors say what fails
		if jumps {
			return nil, g.ompError(c, "a jump in the list of an !$omp parallel region in reverse mode")
		}
		i = j - 1
	}
	return out, nil
}

// ompEnter sets the region of statement i of the list of regions spans,
// whose forward sweep begins at fwd.
func (g *gen) ompEnter(spans []*ompRegion, i, fwd int) {
	for _, r := range spans {
		if i == r.j {
			r.starts[i-r.k] = fwd // where the region's forward sweep ends
		}
	}
	for _, r := range spans {
		if i >= r.k && i < r.j {
			g.omp.region, r.starts[i-r.k] = r, fwd
			return
		}
	}
	if len(spans) > 0 {
		g.omp.region = spans[0].outer
	}
}

// ompRestore sets the region back to r after a list.
func (g *gen) ompRestore(r *ompRegion) { g.omp.region = r }

// ompParse reads the directives of region list[k:j] opened by c.
func (g *gen) ompParse(list []ast.Stmt, k, j int, c *ast.Comment) (*ompRegion, error) {
	r := &ompRegion{k: k, j: j, dir: c, stmts: list[k:j], loops: map[*ast.DoConstruct]*ast.Comment{}, crit: map[int]*ast.Comment{},
		ctx: make([]ompCtx, j-k), block: make([]int, j-k), barrier: make([]bool, j-k)}
	for _, cl := range c.Omp.Clauses {
		switch cl.Name {
		case "private", "shared", "default", "num_threads", "if":
		case "reduction":
			if cl.Op != "+" && cl.Op != "-" && g.anyActive(cl.Vars) {
				return nil, g.ompError(c, "reduction(%s:...) of an active variable in reverse mode", cl.Op)
			}
		default:
			return nil, g.ompError(c, "clause %s of !$omp %s in reverse mode", cl.Name, c.Omp.Name)
		}
	}
	r.private, _ = ompPrivates(c.Omp)
	r.dirs = append(r.dirs, c)
	cur, blk, nblk := ompRepl, 0, 0
	if c.Omp.Name == "parallel sections" {
		cur, blk, nblk = ompSingle, 1, 1 // omp_sections.go
	}
	for i := k; i < j; i++ {
		atomic := false // an ATOMIC update: a CRITICAL section of one statement (omp_atomic_region.go)
		for _, d := range list[i].Header().Doc {
			if d.Omp == nil || d == c {
				continue
			}
			if d.Omp.Cond {
				return nil, g.ompError(d, "!$ line in a parallel region in reverse mode")
			}
			switch name := d.Omp.Name; name {
			case "single", "master", "critical":
				if cur != ompRepl {
					return nil, g.ompError(d, "!$omp %s nested in a parallel region in reverse mode", name)
				}
				nblk++
				cur, blk = ompSingle, nblk
				if name == "critical" {
					cur, r.crit[blk] = ompCrit, d
				}
			case "sections", "section", "end sections": // omp_sections.go
				if err := g.ompSections(d, &cur, &blk, &nblk); err != nil {
					return nil, err
				}
			case "end single", "end master", "end critical":
				cur, blk = ompRepl, 0
			case "atomic", "atomic update":
				if err := g.ompRegionAtomic(r, d, &cur, &blk, &nblk); err != nil {
					return nil, err
				}
				atomic = true
			case "barrier":
				r.barrier[i-k] = true
			case "do":
				do, ok := list[i].(*ast.DoConstruct)
				if !ok || cur != ompRepl || lastOmp(list[i].Header().Doc) != d {
					return nil, g.ompError(d, "!$omp do not on a DO loop of the parallel region in reverse mode")
				}
				r.loops[do] = d
			case "end do":
			default:
				return nil, g.ompError(d, "!$omp %s in a parallel region in reverse mode", name)
			}
			r.dirs = append(r.dirs, d)
		}
		r.ctx[i-k], r.block[i-k] = cur, blk
		if atomic {
			cur, blk = ompRepl, 0
		}
		if do, ok := list[i].(*ast.DoConstruct); ok && r.loops[do] != nil {
			r.ctx[i-k] = ompWork
		}
	}
	if j < len(list) {
		r.dirs = append(r.dirs, ompFind(list[j].Header().Doc, "end "+c.Omp.Name))
	}
	return r, nil
}

// lastOmp is the last directive of doc, nil if none.
func lastOmp(doc []*ast.Comment) *ast.Comment {
	for i := len(doc) - 1; i >= 0; i-- {
		if doc[i].Omp != nil {
			return doc[i]
		}
	}
	return nil
}

// ompWorkshare returns the "!$omp do" directive of worksharing loop s
// of the region being reversed, nil if s is not one.
func (g *gen) ompWorkshare(s *ast.DoConstruct) *ast.Comment {
	if g.omp.region == nil {
		return nil
	}
	return g.omp.region.loops[s]
}

// ompRegions rebuilds the sweeps of the regions of a list: fwd is the
// list's forward sweep (statement i's begins at r.starts[i-k]), bs the
// backward sweeps by statement. The region's backward sweep goes to
// bs[k], the others of it are emptied.
func (g *gen) ompRegions(spans []*ompRegion, fwd []ast.Stmt, bs [][]ast.Stmt) ([]ast.Stmt, error) {
	if len(spans) == 0 {
		return fwd, nil
	}
	var out []ast.Stmt
	last := 0
	for _, r := range spans {
		if r.j == len(bs) {
			r.starts[r.j-r.k] = len(fwd)
		}
		fs := make([][]ast.Stmt, r.j-r.k)
		for i := r.k; i < r.j; i++ {
			fs[i-r.k] = fwd[r.starts[i-r.k]:r.starts[i+1-r.k]]
		}
		f, err := g.ompRegionFwd(r, fs)
		if err != nil {
			return nil, err
		}
		b, err := g.ompRegionBwd(r, bs[r.k:r.j])
		if err != nil {
			return nil, err
		}
		for i := r.k; i < r.j; i++ {
			bs[i] = nil
		}
		bs[r.k] = b
		out = append(append(out, fwd[last:r.starts[0]]...), f...)
		last = r.starts[r.j-r.k]
		if g.omp.inRegion == nil {
			g.omp.inRegion = map[*ast.Comment]bool{}
		}
		for _, d := range r.dirs {
			g.omp.inRegion[d] = true
		}
	}
	return append(out, fwd[last:]...), nil
}

// ompCarrier is a CONTINUE statement carrying directive d: a directive
// is a comment before a statement, and the closing ones may have none
// after them.
func (g *gen) ompCarrier(d *ast.OmpDirective) ast.Stmt {
	c := &ast.ContinueStmt{}
	c.Doc = []*ast.Comment{ast.OmpComment(d)}
	if g.omp.carriers == nil {
		g.omp.carriers = map[ast.Stmt]bool{}
	}
	g.omp.carriers[c] = true
	return c
}

// ompOneBarrier drops from list the barriers that directly follow
// another (the end of a MASTER block and a barrier of the primal's).
func (g *gen) ompOneBarrier(list []ast.Stmt) []ast.Stmt {
	barrier := func(s ast.Stmt) bool {
		d := s.Header().Doc
		return g.omp.carriers[s] && len(d) == 1 && d[0].Omp != nil && d[0].Omp.Name == "barrier"
	}
	var out []ast.Stmt
	for i, s := range list {
		if i > 0 && barrier(s) && barrier(list[i-1]) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// ompBlock returns list between directive name and its end.
//
// A SINGLE block is a MASTER block and a barrier (the barrier that ends
// a SINGLE block): the tapes are threadprivate (omp_calls.go), and what
// one sweep's block pushes the other's must pop on the same thread, the
// master, whose tape is the serial code's.
func (g *gen) ompBlock(name string, clauses []*ast.OmpClause, list []ast.Stmt) []ast.Stmt {
	if len(list) == 0 {
		return nil
	}
	var end []ast.Stmt
	if name == "single" {
		name = "master"
		end = []ast.Stmt{g.ompCarrier(&ast.OmpDirective{Name: "barrier"})}
	}
	out := []ast.Stmt{g.ompCarrier(&ast.OmpDirective{Name: name, Clauses: clauses})}
	out = append(out, list...)
	var named []*ast.OmpClause // (the name of a CRITICAL section ends it too)
	if name == "critical" {
		named = clauses
	}
	out = append(out, g.ompCarrier(&ast.OmpDirective{Name: "end " + name, Clauses: named}))
	return append(out, end...)
}

// ompRegionFwd is the forward sweep of region r, fs the forward
// statements of its statements.
func (g *gen) ompRegionFwd(r *ompRegion, fs [][]ast.Stmt) ([]ast.Stmt, error) {
	d := &ast.OmpDirective{Name: "parallel"}
	for _, cl := range r.dir.Omp.Clauses {
		if cl.Name != "default" {
			d.Clauses = append(d.Clauses, cl)
		}
	}
	out := []ast.Stmt{g.ompCarrier(d)}
	for i := 0; i < len(fs); {
		if r.barrier[i] && !(r.ctx[i] == ompWork && len(fs[i]) > 0 && g.omp.carriers[fs[i][0]] && ompFind(fs[i][0].Header().Doc, "barrier") != nil) {
			out = append(out, g.ompCarrier(&ast.OmpDirective{Name: "barrier"}))
		}
		if r.ctx[i] == ompWork {
			out = append(out, fs[i]...) // ompLoop placed the directives
			i++
			continue
		}
		// A block: the statements of one SINGLE or CRITICAL block, or
		// replicated ones.
		e := i + 1
		for e < len(fs) && r.ctx[e] == r.ctx[i] && r.block[e] == r.block[i] && !r.barrier[e] {
			e++
		}
		var list []ast.Stmt
		for _, f := range fs[i:e] {
			list = append(list, f...)
		}
		if r.ctx[i] != ompSingle {
			if err := g.ompActiveCall(r, i, e); err != nil {
				return nil, err
			}
		}
		ompStripAll(list)
		switch r.ctx[i] {
		case ompSingle:
			list = g.ompBlock("single", nil, list)
		case ompCrit:
			if ompTaped(list) || !g.primalWrites(list, "") {
				return nil, g.ompError(r.crit[r.block[i]], "!$omp critical whose statements need the tape in reverse mode")
			}
			list = g.ompBlock("critical", ompCritClauses(r.crit[r.block[i]]), list)
		default:
			// (Generated variables, shared in the region, would be
			// written by every thread.)
			if ompTaped(list) || !g.primalWrites(list, "") {
				return nil, g.ompError(r.dir, "statements run by every thread of the !$omp parallel region need the tape in reverse mode (put them in !$omp single)")
			}
		}
		out = append(out, list...)
		i = e
	}
	return g.ompOneBarrier(append(out, g.ompCarrier(&ast.OmpDirective{Name: "end parallel"}))), nil
}

// ompRegionBwd is the backward sweep of region r, bs the backward
// statements of its statements.
func (g *gen) ompRegionBwd(r *ompRegion, bs [][]ast.Stmt) ([]ast.Stmt, error) {
	var body []ast.Stmt
	var run []ast.Stmt // statements outside worksharing loops, not placed yet
	private := map[string]bool{}
	var order []string
	shared := map[string]bool{}
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		ws, repl := g.ompRunWrites(r, run)
		if repl {
			for _, w := range ws {
				if !private[w] {
					private[w] = true
					order = append(order, w)
				}
			}
			// A barrier: what comes next may write what the run reads.
			body = append(append(body, run...), g.ompCarrier(&ast.OmpDirective{Name: "barrier"}))
		} else {
			for _, w := range ws {
				shared[w] = true
			}
			body = append(body, g.ompBlock("single", nil, run)...)
		}
		if name := g.ompUnsetPrivate(r, run); name != "" {
			return g.ompError(r.dir, "private variable '%s' of !$omp parallel read by its adjoint and not recomputed", name)
		}
		run = nil
		return nil
	}
	for i := len(bs) - 1; i >= 0; i-- {
		if r.ctx[i] == ompCrit && len(bs[i]) > 0 {
			if _, repl := g.ompRunWrites(r, bs[i]); !repl {
				return nil, g.ompError(r.crit[r.block[i]], "!$omp critical whose adjoint writes shared variables in reverse mode")
			}
		}
		for k, s := range bs[i] {
			if !ompHasWorkshare(s) {
				ompStripAll(bs[i][k : k+1])
				run = append(run, bs[i][k])
				continue
			}
			if err := flush(); err != nil {
				return nil, err
			}
			body = append(body, s)
		}
		// Statements of different blocks go to different runs: a run
		// of a SINGLE block is one SINGLE block.
		if i == 0 || r.ctx[i-1] != r.ctx[i] || r.block[i-1] != r.block[i] {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(body) == 0 {
		return nil, nil
	}
	for _, n := range r.priv {
		if !private[n] {
			private[n] = true
			order = append(order, n)
		}
	}
	for _, n := range order {
		if shared[n] {
			return nil, g.ompError(r.dir, "'%s' written by every thread and by one in the adjoint of the !$omp parallel region", n)
		}
	}
	d := &ast.OmpDirective{Name: "parallel"}
	if len(order) > 0 {
		d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "private", Vars: order})
	}
	for _, cl := range r.dir.Omp.Clauses {
		if cl.Name == "num_threads" || cl.Name == "if" {
			d.Clauses = append(d.Clauses, &ast.OmpClause{Name: cl.Name, Arg: cl.Arg})
		}
	}
	out := append(g.ompZeroPrivateAdj(r, d), body...) // omp_minmax.go
	return g.ompOneBarrier(append(out, g.ompCarrier(&ast.OmpDirective{Name: "end parallel"}))), nil
}

// ompHasWorkshare reports whether s holds a worksharing loop (a
// backward loop, or the colour loop around one).
func ompHasWorkshare(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if do, ok := n.(*ast.DoConstruct); ok && ompFind(do.Doc, "do") != nil {
			found = true
		}
		return !found
	})
	return found
}

// ompRunWrites returns the names (lower case) statements run write, and
// whether every thread may run them: they are assignments (in IF and DO
// constructs), use no tape and write only private variables of the
// region, their adjoints and generated temporaries.
func (g *gen) ompRunWrites(r *ompRegion, run []ast.Stmt) ([]string, bool) {
	var names []string
	seen := map[string]bool{}
	repl := !ompTaped(run)
	suf := strings.ToLower(g.suffix)
	for _, s := range run {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.AssignStmt, *ast.IfConstruct, *ast.IfStmt, *ast.DoConstruct, *ast.ContinueStmt:
			case ast.Stmt: // ALLOCATE, a call ...: once
				repl = false
			}
			a, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			name := strings.ToLower(lhsName(a.Lhs))
			if name == "" {
				repl = false
				return true
			}
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
			base := strings.TrimSuffix(name, suf)
			_, isID := a.Lhs.(*ast.Ident)
			switch {
			case r.private[name], r.private[base] && g.scope.Lookup(base) != nil:
			case isID && g.scope.Lookup(name) == nil && g.declared[name]:
			default:
				repl = false
			}
			return true
		})
	}
	return names, repl
}

// lhsName is the name of the variable an assignment writes, "" for a
// component.
func lhsName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// ompUnsetPrivate returns a private variable of the region that
// statements run read before they write it: its value is not defined
// in the backward region.
func (g *gen) ompUnsetPrivate(r *ompRegion, run []ast.Stmt) string {
	var names []string
	for name := range r.private {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, s := range run {
			if mentions(s, name) && !writtenFirst(run, name, false) {
				return name
			}
		}
	}
	return ""
}

// ompStripAll drops the directives of generated statements (the region
// places its own), replacing those that have some by copies: a forward
// statement may be the primal's.
func ompStripAll(list []ast.Stmt) {
	for i, s := range list {
		has := false
		ompHeaders(list[i:i+1], func(h *ast.StmtHeader, _ *ast.DoConstruct) {
			has = has || lastOmp(h.Doc) != nil
		})
		if !has {
			continue
		}
		list[i] = ast.Copy(s)
		ompHeaders(list[i:i+1], func(h *ast.StmtHeader, _ *ast.DoConstruct) {
			var doc []*ast.Comment
			for _, c := range h.Doc {
				if c.Omp == nil {
					doc = append(doc, c)
				}
			}
			h.Doc = doc
		})
	}
}

// ompWorkLoop finishes worksharing loop s of a region, with directive
// c: n is its forward loop (inOrder: to run in order, by one thread), b
// its backward body, recs what is recorded before and after it and
// restored before and after its backward loop (hoistRecords), which one
// thread runs (the forward ones in SINGLE blocks here, the backward ones
// placed by ompRegionBwd).
func (g *gen) ompWorkLoop(s *ast.DoConstruct, c *ast.Comment, n *ast.DoConstruct, inOrder bool, b []ast.Stmt, recs [4][]ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	var doc []*ast.Comment
	for _, d := range n.Doc {
		if d.Omp == nil {
			doc = append(doc, d)
		}
	}
	loop := []ast.Stmt{n}
	if inOrder {
		loop = g.ompBlock("single", nil, loop)
	} else {
		doc = append(doc, ast.OmpComment(ompFwdCollapse(c.Omp, n))) // ompStrip drops the primal's; omp_collapse.go
	}
	n.Doc = doc
	if len(recs[0]) > 0 {
		// What the loop overwrites is saved once the statements before
		// it (a CRITICAL section) are done.
		fwd = []ast.Stmt{g.ompCarrier(&ast.OmpDirective{Name: "barrier"})}
	}
	fwd = append(append(append(fwd, g.ompBlock("single", nil, recs[0])...), loop...), g.ompBlock("single", nil, recs[1])...)
	if len(b) == 0 {
		return fwd, append(recs[2], recs[3]...), nil
	}
	back, err := g.ompBackLoop(s, c, b)
	if err != nil {
		return nil, nil, err
	}
	return fwd, append(append(recs[2], back...), recs[3]...), nil
}

// ompAccept marks directives reversed: ompCheck does not reject them.
func (g *gen) ompAccept(ds ...*ast.Comment) {
	if g.omp.ok == nil {
		g.omp.ok = map[*ast.Comment]bool{}
	}
	for _, d := range ds {
		g.omp.ok[d] = true
	}
}

// ompCriticals accepts the CRITICAL sections in list, the body of a
// parallel loop, around passive statements (a counter): they stay in
// the forward sweep, and the backward one has nothing of them. One
// around an active statement is rejected: its adjoint would need the
// order in which the threads entered it.
//
// A shared update (omp_update.go) in a section around active code is
// accepted: its adjoint only reads the shared adjoint. body is the
// loop's.
func (g *gen) ompCriticals(list, body []ast.Stmt) error {
	var open *ast.Comment
	var err error
	for i, s := range list {
		for _, d := range s.Header().Doc {
			switch {
			case d.Omp == nil || d.Omp.Cond:
			case d.Omp.Name == "critical":
				open = d
				g.ompAccept(d) // if rejected, by its own message
			case d.Omp.Name == "atomic" || d.Omp.Name == "atomic update":
				if !g.pa.ActiveStmt(s) || g.ompSharedUpdate(s, body) { // omp_update.go
					g.ompAccept(d)
				}
			case d.Omp.Name == "end critical" && open != nil:
				g.ompAccept(open, d)
				open = nil
			}
		}
		if open != nil && g.pa.ActiveStmt(s) && err == nil && !g.ompSharedUpdate(s, body) && !g.ompCritOne(list, i) { // omp_minmax_crit.go
			err = g.ompError(open, "!$omp critical around active code other than a sum (s = s + e) or, in a parallel do, a lone max or min update (m = max(m, e)) in reverse mode")
		}
		for _, l := range innerLists(s) {
			if e := g.ompCriticals(l, body); e != nil && err == nil {
				err = e
			}
		}
	}
	if open != nil && err == nil {
		g.ompAccept(open) // closed at the END of the construct
	}
	return err
}

// ompMerge moves the directives of the carriers in list, and in the
// lists of its constructs, to the statement after them (a copy): a
// CONTINUE remains only where no statement follows.
func (g *gen) ompMerge(list []ast.Stmt) []ast.Stmt {
	if len(g.omp.carriers) == 0 {
		return list
	}
	var out []ast.Stmt
	var pending []*ast.Comment
	for _, s := range list {
		if g.omp.carriers[s] {
			pending = append(pending, s.Header().Doc...)
			continue
		}
		if g.ompHasCarrier(s) {
			// A construct built here (the carriers are its): changed
			// in place.
			ompSetInner(s, g.ompMerge)
		}
		if len(pending) > 0 {
			s = ast.Copy(s) // it may be the primal's
			h := s.Header()
			h.Doc = append(append([]*ast.Comment(nil), pending...), h.Doc...)
			pending = nil
		}
		out = append(out, s)
	}
	if len(pending) > 0 {
		c := &ast.ContinueStmt{}
		c.Doc = pending
		out = append(out, c)
	}
	return out
}

// ompHasCarrier reports whether the lists of construct s hold a carrier.
func (g *gen) ompHasCarrier(s ast.Stmt) bool {
	for _, in := range innerLists(s) {
		for _, x := range in {
			if g.omp.carriers[x] || g.ompHasCarrier(x) {
				return true
			}
		}
	}
	return false
}

// ompSetInner replaces each statement list of construct s by f of it.
func ompSetInner(s ast.Stmt, f func([]ast.Stmt) []ast.Stmt) {
	switch s := s.(type) {
	case *ast.DoConstruct:
		s.Body = f(s.Body)
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			b.Body = f(b.Body)
		}
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = f(c.Body)
		}
	case *ast.BlockConstruct:
		s.Body = f(s.Body)
	}
}

// ompActiveCall rejects an active call among statements i to e of
// region r run by every thread or in a CRITICAL section: the forward
// sweep of the callee may record on the tape.
func (g *gen) ompActiveCall(r *ompRegion, i, e int) error {
	for _, s := range r.stmts[i:e] {
		var call *ast.CallStmt
		ast.Inspect(s, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallStmt); ok && call == nil && g.pa.ActiveStmt(c) {
				call = c
			}
			return call == nil
		})
		if call != nil {
			var l diag.List
			l.Add(g.fset.Position(call.Pos()), "not supported yet: a call of active code run by every thread of the !$omp parallel region in reverse mode (put it in !$omp single)")
			return l
		}
	}
	return nil
}
