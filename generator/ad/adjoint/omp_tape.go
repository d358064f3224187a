package adjoint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A "!$omp parallel do" whose iterations still record on the tape after
// the records hoisted out of the loop or stored by index (omp_carry.go,
// omp_lift.go: a DO WHILE in each column, an inner loop recording a
// branch per level, an array pushed whole) records on the tape of the
// thread that runs the iteration: the runtime's tapes are threadprivate
// (omp_calls.go). The backward loop must then run each thread's
// iterations on the same thread, in reverse order. So both sweeps cut the
// loop's range into one block per thread by hand, a block being one
// iteration of a loop over the threads scheduled static, 1: OpenMP gives
// iteration t of such a loop to thread t of a team of nt threads.
//
//	fadj_omnt = 1                      ! the team size, pushed after the loop
//	!$ fadj_omnt = omp_get_max_threads()   (1 inside a parallel region)
//	!$omp parallel do schedule(static, 1) num_threads(fadj_omnt) private(...)
//	do fadj_omt = 0, fadj_omnt - 1
//	  !$ if (omp_get_thread_num() /= fadj_omt) error stop ...
//	  do i = lo(fadj_omt), hi(fadj_omt), step   ! the thread's block
//	    (forward body, pushing on this thread's tape)
//
// and the backward loop runs do i = hi, lo, -step in the same thread
// loop, after popping fadj_omnt. A team smaller than asked for (a
// dynamic team size) stops the program rather than mixing tapes. The
// tapes of the threads other than the master must persist between the
// two parallel loops, as OpenMP guarantees for threadprivate data when
// the regions between have the same team size and dyn-var is false
// (gfortran's libgomp keeps each thread's data in any case). Increments of
// adjoints other iterations increment too are atomic (the blocks are not
// coloured).

// ompTapeCheck rejects the parallel loops that cannot record on the
// threads' tapes: clauses the blocks by hand do not keep, tape marks.
func (g *gen) ompTapeCheck(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt) error {
	why := ""
	if len(g.sh.fixed) > 0 {
		// A fixed-point loop's adjoint iterations rewind the master
		// thread's tape and read it again, not the other threads'.
		why = "fixed-point loops in the spec"
	}
	for _, list := range [][]ast.Stmt{f, b} {
		for _, st := range list {
			ast.Inspect(st, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallStmt); ok && strings.HasPrefix(strings.ToLower(callName(call)), "fadj_tape_") {
					why = "a checkpoint inside"
				}
				return why == ""
			})
		}
	}
	if why != "" {
		return g.ompError(c, "!$omp %s whose iterations need the tape, with %s, in reverse mode", c.Omp.Name, why)
	}
	if v := g.ompSharedPop(s, c, b); v != "" {
		return g.ompError(c, "!$omp %s whose iterations need the tape to restore '%s', which other iterations share, in reverse mode", c.Omp.Name, v)
	}
	return nil
}

// ompSharedPop returns the first variable a pop of backward body b
// restores that is neither private to the iterations of parallel loop s
// (directive c) nor the iteration's own elements (a subscript the loop
// index): the threads would restore it at once.
func (g *gen) ompSharedPop(s *ast.DoConstruct, c *ast.Comment, b []ast.Stmt) string {
	private := g.ompLoopPrivates(c) // omp_private_snaps.go
	bad := ""
	for _, st := range b {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.DoConstruct:
				if n.Var != nil {
					private[strings.ToLower(n.Var.Name)] = true
				}
			case *ast.CallStmt:
				name := strings.ToLower(callName(n))
				if !strings.HasPrefix(name, "fadj_pop_") && !strings.HasPrefix(name, "fadj_snap_pop_") || len(n.Args) == 0 {
					return true
				}
				base := exprBase(n.Args[0])
				if base != "" && (private[strings.ToLower(base)] || g.scope.Lookup(strings.ToLower(base)) == nil) {
					return true // a generated variable's: ompTapeTemps makes it private
				}
				if l, ok := n.Args[0].(*ast.CallExpr); ok && owned([]*ast.AssignStmt{{Lhs: l}}, s.Var.Name) {
					return true
				}
				if bad == "" {
					bad = exprString(n.Args[0])
				}
			}
			return bad == ""
		})
	}
	return bad
}

// callName is the name a CALL statement calls, "" for a component.
func callName(c *ast.CallStmt) string {
	if id, ok := c.Name.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// ompTapeIDs are the generated variables of a loop over the threads.
type ompTapeIDs struct {
	nt, t, lo, hi *ast.Ident
}

func (g *gen) ompTapeIDs() (*ompTapeIDs, error) {
	sfx := strconv.Itoa(g.depth + 1)
	var ids [4]*ast.Ident
	for i, n := range []string{"fadj_omnt", "fadj_omt", "fadj_omlo", "fadj_omhi"} {
		id, err := g.local(n+sfx, intType)
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	return &ompTapeIDs{nt: ids[0], t: ids[1], lo: ids[2], hi: ids[3]}, nil
}

// threadLoop is the loop over the threads around inner, the loop over
// the block of thread t of parallel loop s (descending in the backward
// sweep), with directive d.
func (g *gen) ompThreadLoop(s *ast.DoConstruct, ids *ompTapeIDs, inner *ast.DoConstruct, d *ast.OmpDirective, back bool) *ast.DoConstruct {
	lo, hi, step := g.asInt(s.Start), g.asInt(s.Stop), ast.Expr(deriv.Int(1))
	if s.Step != nil {
		step = g.asInt(s.Step)
	}
	// trips = max(0, (hi - lo + step)/step); thread t runs the logical
	// iterations t*trips/nt .. (t+1)*trips/nt - 1.
	trips := &ast.CallExpr{Fun: ast.NewIdent("max"), Args: []ast.Expr{deriv.Int(0),
		deriv.Div(&ast.ParenExpr{X: deriv.Add(deriv.Sub(ast.Clone(hi), ast.Clone(lo)), ast.Clone(step))}, ompParen(step))}}
	first := func(t ast.Expr) ast.Expr {
		k := deriv.Div(&ast.ParenExpr{X: deriv.Mul(t, trips)}, ast.Clone(ids.nt))
		return deriv.Add(ast.Clone(lo), deriv.Mul(&ast.ParenExpr{X: k}, ompParen(step)))
	}
	setLo := &ast.AssignStmt{Lhs: ast.Clone(ids.lo), Rhs: first(ast.Clone(ids.t))}
	setHi := &ast.AssignStmt{Lhs: ast.Clone(ids.hi), Rhs: deriv.Sub(first(&ast.ParenExpr{X: deriv.Add(ast.Clone(ids.t), deriv.Int(1))}), ompParen(step))}
	setLo.Doc = []*ast.Comment{ast.OmpComment(&ast.OmpDirective{Cond: true,
		Text: "if (omp_get_thread_num() /= " + ids.t.Name + ") error stop 'fadj: too few threads'"})}
	inner.Start, inner.Stop, inner.Step = ast.Clone(ids.lo), ast.Clone(ids.hi), ast.Clone(step)
	if back {
		inner.Start, inner.Stop, inner.Step = ast.Clone(ids.hi), ast.Clone(ids.lo), ompNeg(step)
	}
	if isOne(inner.Step) {
		inner.Step = nil
	}
	loop := &ast.DoConstruct{Var: ast.NewIdent(ids.t.Name), Start: deriv.Int(0), Stop: deriv.Sub(ast.Clone(ids.nt), deriv.Int(1)),
		Body: []ast.Stmt{setLo, setHi, inner}, End: ast.EndStmt{Keyword: "do"}}
	d.Name = "parallel do"
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "schedule", Arg: "static, 1"},
		&ast.OmpClause{Name: "num_threads", Arg: ids.nt.Name})
	loop.Doc = []*ast.Comment{ast.OmpComment(d)}
	return loop
}

// ompNeg is -x, a negated literal its literal.
func ompNeg(x ast.Expr) ast.Expr {
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.MINUS && isIntLit(u.X) {
		return ast.Clone(u.X)
	}
	return deriv.Neg(ompParen(x))
}

func ompParen(x ast.Expr) ast.Expr {
	switch x.(type) {
	case *ast.Ident, *ast.BasicLit:
		return ast.Clone(x)
	}
	return &ast.ParenExpr{X: ast.Clone(x)}
}

// ompTapeLoop reverses parallel loop s (directive c) whose forward body f
// and backward body b record on the threads' tapes (above); recs are
// what is recorded and restored around the loop.
func (g *gen) ompTapeLoop(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt, recs [4][]ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	ids, err := g.ompTapeIDs()
	if err != nil {
		return nil, nil, err
	}
	g.ompDeclareOmpLib(ids.nt.Name)
	pre, after, before, post := recs[0], recs[1], recs[2], recs[3]
	f, b, err = g.ompTapeCarry(s, c, f, b)
	if err != nil {
		return nil, nil, err
	}
	// The forward loop: the primal's clauses but the scheduling ones,
	// the generated scalars it writes private.
	fd := &ast.OmpDirective{}
	priv := []string{s.Var.Name, ids.lo.Name, ids.hi.Name}
	for _, cl := range c.Omp.Clauses {
		switch cl.Name {
		case "schedule", "num_threads", "if", "collapse": // (blocks of the outer loop: omp_collapse.go)
		case "private":
			priv = append(priv, cl.Vars...)
		default:
			fd.Clauses = append(fd.Clauses, ast.CloneOmp(&ast.OmpDirective{Clauses: []*ast.OmpClause{cl}}).Clauses[0])
		}
	}
	priv = append(priv, g.ompTapeTemps(f)...)
	fd.Clauses = append([]*ast.OmpClause{{Name: "private", Vars: ompUniq(priv)}}, fd.Clauses...)
	if cl := fd.Clause("default"); cl != nil {
		fd = ompNoDefault(fd) // the stored arrays are shared
	}
	inner := ast.Copy(s).(*ast.DoConstruct)
	inner.Doc, inner.Body, inner.Name = nil, f, nil
	if inner.TermLabel != 0 {
		inner.TermLabel = 0
		inner.End = ast.EndStmt{Keyword: "do"}
	}
	setNt := &ast.AssignStmt{Lhs: ast.Clone(ids.nt), Rhs: deriv.Int(1)}
	loop := g.ompThreadLoop(s, ids, inner, fd, false)
	// The team: as many threads as the primal's would have.
	team := "omp_get_max_threads()"
	if cl := c.Omp.Clause("num_threads"); cl != nil {
		team = "max(1, " + cl.Arg + ")"
	}
	doc := []*ast.Comment{ast.OmpComment(&ast.OmpDirective{Cond: true, Text: ids.nt.Name + " = " + team}),
		ast.OmpComment(&ast.OmpDirective{Cond: true, Text: "if (omp_in_parallel()) " + ids.nt.Name + " = 1"})}
	if cl := c.Omp.Clause("if"); cl != nil {
		doc = append(doc, ast.OmpComment(&ast.OmpDirective{Cond: true, Text: "if (.not. (" + cl.Arg + ")) " + ids.nt.Name + " = 1"}))
	}
	doc = append(doc, g.ompLastTeam(s, c, ids)...) // omp_firstlast_tape.go
	loop.Doc = append(doc, loop.Doc...)
	fwd = append(append(append(pre, setNt, loop), after...), pushInt(ast.Clone(ids.nt)))
	if len(b) == 0 {
		return fwd, append(append([]ast.Stmt{popInt(ast.Clone(ids.nt))}, before...), post...), nil
	}
	back := &ast.DoConstruct{Var: ast.NewIdent(s.Var.Name), Body: b, End: ast.EndStmt{Keyword: "do"}}
	g.omp.tapeLoop = true
	bd, _, err := g.ompBackward(s, c, back)
	g.omp.tapeLoop = false
	if err != nil {
		return nil, nil, err
	}
	bd.Clauses = ompWithoutClauses(bd.Clauses, "schedule", "num_threads", "if")
	bp := append([]string{s.Var.Name, ids.lo.Name, ids.hi.Name}, g.ompTapeTemps(b)...)
	if cl := bd.Clause("private"); cl != nil {
		cl.Vars = ompUniq(append(bp, cl.Vars...))
	} else {
		bd.Clauses = append([]*ast.OmpClause{{Name: "private", Vars: ompUniq(bp)}}, bd.Clauses...)
	}
	bl := g.ompGlobalsAround(s, []ast.Stmt{g.ompThreadLoop(s, ids, back, bd, true)}) // omp_globals.go
	bwd = append(append(append([]ast.Stmt{popInt(ast.Clone(ids.nt))}, before...), bl...), post...)
	return fwd, bwd, nil
}

// ompTapeTemps are the generated scalars list writes (a trip count
// pushed, a value popped) and the generated arrays it allocates or
// records (the branches of an inner loop, kept for the iteration):
// private to each thread. (The arrays the values of the parallel loop
// are stored in, indexed by its index, are allocated and recorded
// around it: shared.)
func (g *gen) ompTapeTemps(list []ast.Stmt) []string {
	var out []string
	add := func(x ast.Expr) {
		if id, ok := x.(*ast.Ident); ok && g.scope.Lookup(strings.ToLower(id.Name)) == nil && (g.declared[strings.ToLower(id.Name)] || strings.HasPrefix(strings.ToLower(id.Name), "fadj_")) {
			out = append(out, id.Name)
		}
	}
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				add(n.Lhs)
			case *ast.DoConstruct:
				if n.Var != nil {
					add(n.Var)
				}
			case *ast.CallStmt:
				if name := strings.ToLower(callName(n)); (strings.HasPrefix(name, "fadj_pop_") || strings.HasPrefix(name, "fadj_push_")) && len(n.Args) > 0 {
					if id, ok := n.Args[0].(*ast.Ident); ok && (strings.HasPrefix(name, "fadj_pop_") || strings.HasSuffix(name, "_array")) {
						add(id)
					}
				}
			case *ast.AllocateStmt:
				for _, o := range n.Objects {
					add(o)
				}
			}
			return true
		})
	}
	return out
}

func ompUniq(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if k := strings.ToLower(n); !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}

func ompWithoutClauses(cls []*ast.OmpClause, names ...string) []*ast.OmpClause {
	var out []*ast.OmpClause
	for _, cl := range cls {
		drop := false
		for _, n := range names {
			drop = drop || cl.Name == n
		}
		if !drop {
			out = append(out, cl)
		}
	}
	return out
}

// pop notes the variable a runtime call pops into: the backward body
// writes it.
func (w *ompWrites) pop(c *ast.CallStmt) {
	if name := strings.ToLower(callName(c)); !strings.HasPrefix(name, "fadj_pop_") || len(c.Args) == 0 {
		return
	}
	if id, ok := c.Args[0].(*ast.Ident); ok {
		name := strings.ToLower(id.Name)
		if w.scalars[name] == nil && w.arrays[name] == nil && !w.popped[name] {
			w.order = append(w.order, name)
		}
		w.popped[name] = true
	}
}

// ompPops reports whether s pops a value into scalar name.
func ompPops(s ast.Stmt, name string) bool {
	c, ok := s.(*ast.CallStmt)
	if !ok || !strings.HasPrefix(strings.ToLower(callName(c)), "fadj_pop_") || len(c.Args) == 0 {
		return false
	}
	id, ok := c.Args[0].(*ast.Ident)
	return ok && strings.EqualFold(id.Name, name)
}

// ompDeclareOmpLib declares the OpenMP functions the loops over the
// threads call, once, in conditional lines before the declaration of
// generated variable name: without -fopenmp the team is the one thread
// and the OpenMP library is not linked.
func (g *gen) ompDeclareOmpLib(name string) {
	if g.scope.Lookup("omp_get_thread_num") != nil || g.declared["omp_get_thread_num"] {
		return // (use omp_lib)
	}
	for _, d := range g.decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok || len(td.Entities) != 1 || !strings.EqualFold(td.Entities[0].Name.Name, name) {
			continue
		}
		g.declared["omp_get_thread_num"] = true
		td.Doc = []*ast.Comment{
			ast.OmpComment(&ast.OmpDirective{Cond: true, Text: "integer, external :: omp_get_thread_num, omp_get_max_threads"}),
			ast.OmpComment(&ast.OmpDirective{Cond: true, Text: "logical, external :: omp_in_parallel"})}
	}
}

// ompTapeCarry pushes at the end of each forward iteration the private
// scalars of parallel loop s (directive c) the backward body b reads
// before it computes them, and pops them at the start of each backward
// iteration: the value the serial reversal would get from the adjoint of
// the next iteration.
func (g *gen) ompTapeCarry(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt) ([]ast.Stmt, []ast.Stmt, error) {
	private := g.ompPrivateSet(c)
	delete(private, strings.ToLower(s.Var.Name))
	ast.Inspect(&ast.DoConstruct{Body: b}, func(n ast.Node) bool {
		if do, ok := n.(*ast.DoConstruct); ok && do.Var != nil {
			delete(private, strings.ToLower(do.Var.Name))
		}
		return true
	})
	names := make([]string, 0, len(private))
	for v := range private {
		names = append(names, v)
	}
	sort.Strings(names)
	var first []ast.Stmt
	for _, v := range names {
		if !mentions(&ast.DoConstruct{Body: b}, v) || writtenFirst(b, v, false) {
			continue
		}
		sym := g.scope.Lookup(v)
		if sym == nil || sym.Rank() != 0 && sym.Attrs&(sema.AttrAllocatable|sema.AttrPointer) != 0 {
			continue // (ompBackward rejects it)
		}
		typ, ok := tape.TypeOf(sym.Type)
		if !ok {
			return nil, nil, g.ompError(c, "private variable '%s' of type %s read by the adjoint of !$omp %s", v, sym.Type, c.Omp.Name)
		}
		if sym.Rank() > 0 { // a work array of explicit shape
			n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{ast.NewIdent(sym.Name)}}
			f = append(f, tapePushArray(typ, ast.NewIdent(sym.Name), n))
			first = append([]ast.Stmt{tapePopArray(typ, ast.NewIdent(sym.Name), ast.Clone(n))}, first...)
			continue
		}
		f = append(f, tapePush(typ, ast.NewIdent(sym.Name)))
		first = append([]ast.Stmt{tapePop(typ, ast.NewIdent(sym.Name))}, first...)
	}
	return f, append(first, b...), nil
}

// ompAllocates reports whether s is an ALLOCATE of array name alone (a
// generated array of the iteration's records, which a pop then fills).
func ompAllocates(s ast.Stmt, name string) bool {
	a, ok := s.(*ast.AllocateStmt)
	if !ok || a.Keyword != "allocate" || len(a.Objects) != 1 || len(a.Options) > 0 {
		return false
	}
	return strings.EqualFold(exprBase(a.Objects[0]), name)
}
