package adjoint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Checkpointed loops.
//
// A DO loop the plan checkpoints (plan.Region) is reversed one step (one
// iteration) at a time, each step run again from a snapshot of its start
// state just before its adjoint, so that the tape holds one step at a
// time. The order of the snapshots, advances and turns is the runtime's
// binomial schedule (revolve, fadj_binomial_next): with s snapshots it
// runs the fewest forward steps possible; a loop checkpointing each
// iteration is the same schedule with as many snapshots as steps. The
// body has three forms, spliced into the schedule's action loop:
//
//	advance  the original body, run plainly
//	record   the body's forward sweep (what the plain adjoint records)
//	reverse  the body's backward sweep
//
// The forward sweep of the routine runs the schedule up to its first
// turn: advances, snapshots, and the last step recorded, so that the
// code after the loop finds the loop's end state and the last step's
// tape on top. It then holds what the code after the loop may overwrite
// and the steps read (region.go), and pushes the schedule's state and
// the loop's bounds on the tape. The backward sweep pops them, runs the
// last step's adjoint, and goes on with the schedule: restores, advances,
// snapshots, and turns (record, then reverse) down to the first step.
// The DO variable is set before each step from the step's number, and
// to its value after the loop once the loop is done.

// checkpointedLoop reverses loop s as region r says.
func (g *gen) checkpointedLoop(s *ast.DoConstruct, r *plan.Region) (fwd, bwd []ast.Stmt, err error) {
	if err := g.checkRegion(s, r); err != nil {
		return nil, nil, err
	}
	g.nbn++
	k := strconv.Itoa(g.nbn) // before the body's: loops nested in it count on
	what := "checkpointed loop " + r.Name
	g.depth++
	g.loops = append(g.loops, s)
	f, b, err := g.stmts(s.Body)
	g.depth--
	g.loops = g.loops[:len(g.loops)-1]
	if err != nil {
		return nil, nil, err
	}
	var dv *sema.Symbol
	if s.Var != nil {
		dv = g.info.ObjectOf(s.Var)
	}
	dead := g.rerunDead(s, f, b) // rerun_slice.go
	snp, held, err := g.regionSaves(s, s.Body, dv, what, dead)
	if err != nil {
		return nil, nil, err
	}
	c := &bnCode{g: g, s: s, body: s.Body, r: r, k: k,
		slots: map[string][]ast.Stmt{
			"advance":  advanced(s),
			"record":   append(assocSyncs(snp), unlabelled(f)...), // snap_assoc.go
			"reverse":  unlabelled(b),
			"snappush": lowered(snp, tape.SnapPush),
			"snappop":  lowered(snp, tape.SnapPop),
			"snappeek": peeked(snp),
			"snapdrop": dropped(snp),
			"heldpush": lowered(held, tape.SnapPush),
			"heldpop":  lowered(held, tape.SnapPop),
		}}
	if err := c.declare(); err != nil {
		return nil, nil, err
	}
	if g.hasStepExit(s) {
		if err := c.exits(); err != nil { // binomial_exit.go
			return nil, nil, err
		}
	}
	c.cycles() // binomial_cycle.go
	// The forms the backward sweep runs again (rerun_slice.go).
	c.slots["readvance"] = g.withoutDead(c.slots["advance"], dead)
	c.slots["rerecord"] = g.withoutDead(c.slots["record"], dead)
	rec, rev := g.elideTurn(c.slots["rerecord"], c.slots["reverse"]) // binomial_turn.go
	c.slots["turn"] = append(append([]ast.Stmt{}, rec...), rev...)
	switch {
	case s.Var == nil || c.exit:
		fwd, bwd = c.whileForward(), c.whileBackward()
		if r.Snapshots > 0 {
			fwd, bwd = c.onlineForward(), c.onlineBackward()
		}
	default:
		fwd, bwd = c.forward(), c.backward()
	}
	if s.Var != nil && g.records(s, s.Var) {
		// The DO variable's value before the loop, for the adjoint of
		// the code before it.
		fwd = append([]ast.Stmt{pushInt(ast.NewIdent(s.Var.Name))}, fwd...)
		bwd = append(bwd, popInt(ast.NewIdent(s.Var.Name)))
	}
	fwd = append(fwd, loopFormats(s.Body)...) // binomial_format.go
	fwd[0] = ast.Copy(fwd[0])
	fwd[0].Header().Label, fwd[0].Header().Doc = s.Label, s.Doc
	if c.far {
		return g.farLeave(s, fwd, bwd) // binomial_far.go
	}
	return fwd, bwd, nil
}

// checkRegion rejects what checkpointed loop s cannot hold yet: a jump
// leaving a step (its tape and snapshots would be left unbalanced), and
// a DO variable not a default integer.
func (g *gen) checkRegion(s *ast.DoConstruct, r *plan.Region) error {
	var bad ast.Stmt
	ast.Inspect(&ast.Unit{Body: s.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt, *ast.GotoStmt:
			if bad == nil && !g.isStepExit(n.(ast.Stmt), s) && !g.isStepGoto(n.(ast.Stmt), s) {
				bad = n.(ast.Stmt)
			}
		}
		return bad == nil
	})
	if bad != nil {
		return notSupported("%s in checkpointed loop %s", ast.StmtName(bad), r.Name)
	}
	if err := g.regionRead(s.Body, "checkpointed loop "+r.Name); err != nil { // io_reexec.go
		return err
	}
	if s.Var == nil {
		if s.While == nil {
			return nil // left by an EXIT (binomial_exit.go)
		}
		return g.checkCalls(s.While)
	}
	return g.checkDoVar(s)
}

// unlabelled returns clones of list without statement labels: each form
// of the body appears more than once in the routine. The labels GO TOs
// of the list jump to (those the reversal of an EXIT or CYCLE inside
// writes) stay; copyOf gives each copy its own.
func unlabelled(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	targets := gotoTargets(list)
	for i, st := range list {
		out[i] = ast.Clone(st)
		ast.Inspect(out[i], func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok && !targets[st.Header().Label] {
				st.Header().Label = 0
				clearBranchLabel(st) // branch_labels.go
			}
			if do, ok := n.(*ast.DoConstruct); ok && do.TermLabel != 0 {
				do.TermLabel = 0
				do.End = ast.EndStmt{Keyword: "do", Name: do.Name}
			}
			return true
		})
	}
	return out
}

// bnCode builds the code of checkpointed loop number k.
type bnCode struct {
	g     *gen
	s     *ast.DoConstruct // nil for a region that is not a loop
	body  []ast.Stmt       // the loop's or region's
	r     *plan.Region
	k     string
	slots map[string][]ast.Stmt
	names map[string]bool // construct names in the body (copyOf)
	exit  bool            // an EXIT leaves a step (binomial_exit.go)
	far   bool            // a jump leaves it for further on (farJumps)
}

// name is generated local v of the loop: fadj_bn<v><k>.
func (c *bnCode) name(v string) string { return "fadj_bn" + v + c.k }

func (c *bnCode) declare() error {
	for _, v := range []string{"lo", "st", "n", "a", "k", "e", "i"} {
		if _, err := c.g.local(c.name(v), intType); err != nil {
			return err
		}
	}
	h := c.name("h")
	if c.g.scope.LookupLocal(h) != nil {
		return notSupported("generated name '%s' clashes with a name of '%s'", h, c.g.pa.Proc.Name)
	}
	c.g.decls = append(c.g.decls, parseDecls(fmt.Sprintf("integer, allocatable :: %s(:)", h))...)
	return nil
}

// text replaces the placeholders of src: LO, ST, N, A, K, E, I, H by
// the loop's locals, IT by its DO variable, SNAPS by its snapshot count.
func (c *bnCode) text(src string) string {
	snaps := strconv.Itoa(c.r.Snapshots)
	if c.r.Snapshots == 0 {
		snaps = fmt.Sprintf("max(%s, 1)", c.name("n"))
	}
	pairs := []string{"SNAPS", snaps}
	if c.s != nil && c.s.Var != nil {
		pairs = append(pairs, "IT", c.s.Var.Name)
	}
	for _, v := range []string{"lo", "st", "n", "a", "k", "e", "i", "h"} {
		pairs = append(pairs, strings.ToUpper(v)+"@", c.name(v))
	}
	return strings.NewReplacer(pairs...).Replace(src)
}

// stmts parses src (text) and puts the slots in place of the calls of
// fadj_slot_<name>.
func (c *bnCode) stmts(src string) []ast.Stmt {
	return c.fill(parseStmts(c.text(src)))
}

func (c *bnCode) fill(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		if call, ok := st.(*ast.CallStmt); ok {
			if id, ok := call.Name.(*ast.Ident); ok && strings.HasPrefix(id.Name, "fadj_slot_") {
				out = append(out, c.copyOf(c.slots[strings.TrimPrefix(id.Name, "fadj_slot_")])...)
				continue
			}
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = c.fill(st.Body)
		case *ast.SelectCase:
			for _, cb := range st.Cases {
				cb.Body = c.fill(cb.Body)
			}
		case *ast.IfConstruct:
			for _, br := range st.Branches {
				br.Body = c.fill(br.Body)
			}
		}
		out = append(out, st)
	}
	return out
}

// copyOf returns a copy of list whose construct names are new: each
// form of the body appears more than once in the routine, and a
// construct name may not (gfortran rejects a duplicate). The names are
// those of the constructs in the loop's body; no variable of the
// routine can have one (they are local identifiers of the same class).
func (c *bnCode) copyOf(list []ast.Stmt) []ast.Stmt {
	c.initNames()
	c.g.nbnCopy++
	suffix := "_c" + strconv.Itoa(c.g.nbnCopy)
	out := make([]ast.Stmt, len(list))
	for i, st := range list {
		out[i] = ast.Clone(st)
	}
	out = dropFormats(out) // binomial_format.go
	c.g.relabel(out)
	// Also the names the list defines itself: a checkpoint nested in the
	// body (a region, an inner loop) has renamed its own copies already
	// (gs_c2), and each of this loop's forms holds them.
	names := namesDefined(out)
	for n := range c.names {
		names[n] = true
	}
	for i := range out {
		if len(names) == 0 {
			continue
		}
		done := map[*ast.Ident]bool{}
		ast.Inspect(out[i], func(n ast.Node) bool {
			for _, id := range constructNames(n) {
				if id != nil && !done[id] && names[strings.ToLower(id.Name)] {
					done[id] = true
					id.Name += suffix
				}
			}
			return true
		})
	}
	return out
}

// namesDefined returns the construct names the constructs of list
// define (not those an EXIT or CYCLE names).
func namesDefined(list []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ExitStmt, *ast.CycleStmt:
			return true
		}
		if ids := constructNames(n); len(ids) > 0 && ids[0] != nil {
			out[strings.ToLower(ids[0].Name)] = true
		}
		return true
	})
	return out
}

// initNames collects the construct names of the loop's body, once.
func (c *bnCode) initNames() {
	if c.names != nil {
		return
	}
	c.names = map[string]bool{}
	ast.Inspect(&ast.Unit{Body: c.body}, func(n ast.Node) bool {
		if ids := constructNames(n); len(ids) > 0 && ids[0] != nil {
			if _, jump := n.(*ast.ExitStmt); !jump {
				if _, jump := n.(*ast.CycleStmt); !jump {
					c.names[strings.ToLower(ids[0].Name)] = true
				}
			}
		}
		return true
	})
}

// constructNames returns the places of construct names in node n: its
// name, its END's and its branches', or the construct an EXIT or CYCLE
// names.
func constructNames(n ast.Node) []*ast.Ident {
	switch n := n.(type) {
	case *ast.DoConstruct:
		return []*ast.Ident{n.Name, n.End.Name}
	case *ast.IfConstruct:
		out := []*ast.Ident{n.Name, n.End.Name}
		for _, b := range n.Branches {
			out = append(out, b.Name)
		}
		return out
	case *ast.SelectCase:
		out := []*ast.Ident{n.Name, n.End.Name}
		for _, b := range n.Cases {
			out = append(out, b.Name)
		}
		return out
	case *ast.WhereConstruct:
		out := []*ast.Ident{n.Name, n.End.Name}
		for _, b := range n.Branches {
			out = append(out, b.Name)
		}
		return out
	case *ast.ForallConstruct:
		return []*ast.Ident{n.Name, n.End.Name}
	case *ast.BlockConstruct:
		return []*ast.Ident{n.Name, n.End.Name}
	case *ast.AssociateConstruct:
		return []*ast.Ident{n.Name, n.End.Name}
	case *ast.ExitStmt:
		return []*ast.Ident{n.Construct}
	case *ast.CycleStmt:
		return []*ast.Ident{n.Construct}
	}
	return nil
}

// advance is the action of the schedule running steps K@..E@ plainly,
// with the body's form slot: advance in the forward sweep, readvance in
// the backward one.
func advance(slot string) string {
	return `  case (fadj_bn_advance)
    do I@ = K@, E@
      IT = LO@ + (I@ - 1)*ST@
      call fadj_slot_` + slot + `
    end do
  case (fadj_bn_takeshot)
    call fadj_slot_snappush
  case (fadj_bn_release)
    call fadj_slot_snapdrop
`
}

// forward is the loop's forward sweep: the schedule up to its first turn.
func (c *bnCode) forward() []ast.Stmt {
	s, g := c.s, c.g
	// The bounds are evaluated once, as the DO statement does.
	out := []ast.Stmt{
		&ast.AssignStmt{Lhs: ast.NewIdent(c.name("lo")), Rhs: g.asInt(s.Start)},
		&ast.AssignStmt{Lhs: ast.NewIdent(c.name("n")), Rhs: g.asInt(s.Stop)},
	}
	if s.Step != nil {
		out = append(out, &ast.AssignStmt{Lhs: ast.NewIdent(c.name("st")), Rhs: g.asInt(s.Step)})
	} else {
		out = append(out, parseStmts(c.text("ST@ = 1"))...)
	}
	return append(out, c.stmts(`N@ = max((N@ - LO@ + ST@)/ST@, 0)
if (allocated(H@)) deallocate(H@)
allocate(H@(fadj_binomial_hlen + SNAPS))
call fadj_binomial_start(H@, N@, SNAPS)
do
  call fadj_binomial_next(H@, A@, K@, E@)
  select case (A@)
`+advance("advance")+`  case (fadj_bn_firstturn)
    IT = LO@ + (K@ - 1)*ST@
    call fadj_slot_record
    exit
  case default
    exit
  end select
end do
IT = LO@ + N@*ST@
call fadj_slot_heldpush
call fadj_push_i4_array(H@, size(H@))
call fadj_push_i4(size(H@))
call fadj_push_i4(LO@)
call fadj_push_i4(ST@)
call fadj_push_i4(N@)`)...)
}

// backward is the loop's backward sweep: the last step's adjoint, then
// the rest of the schedule.
func (c *bnCode) backward() []ast.Stmt {
	return c.stmts(`call fadj_pop_i4(N@)
call fadj_pop_i4(ST@)
call fadj_pop_i4(LO@)
call fadj_pop_i4(A@)
if (allocated(H@)) deallocate(H@)
allocate(H@(A@))
call fadj_pop_i4_array(H@, A@)
call fadj_slot_heldpop
if (N@ > 0) then
  IT = LO@ + (N@ - 1)*ST@
  call fadj_slot_reverse
end if
do
  call fadj_binomial_next(H@, A@, K@, E@)
  select case (A@)
` + advance("readvance") + `  case (fadj_bn_restore)
    call fadj_slot_snappeek
  case (fadj_bn_youturn)
    IT = LO@ + (K@ - 1)*ST@
    call fadj_slot_turn
  case default
    exit
  end select
end do
deallocate(H@)`)
}

// A DO WHILE checkpointing each iteration.
//
// The forward sweep runs the original loop, taking a snapshot at the
// start of each step and counting the steps; the backward sweep takes
// the steps from the last: it restores the step's snapshot, records the
// step and reverses it (the steps replayed without testing the
// condition again). No step runs more than twice, and the snapshots are
// one per step, as the spec asks. Under binomial checkpointing a DO WHILE
// is scheduled online instead (binomial_online.go).

// whileForward is the DO WHILE's forward sweep.
func (c *bnCode) whileForward() []ast.Stmt {
	loop := c.pass(c.stmts("N@ = N@ + 1\ncall fadj_binomial_each_step(N@)\ncall fadj_slot_snappush"))
	out := append(c.bounds(), parseStmts(c.text("N@ = 0"))...)
	out = append(out, loop)
	return append(out, c.stmts("call fadj_binomial_each_end(N@)\ncall fadj_slot_heldpush\n"+c.boundsPush()+"call fadj_push_i4(N@)")...)
}

// whileBackward is the DO WHILE's backward sweep.
func (c *bnCode) whileBackward() []ast.Stmt {
	return c.stmts(`call fadj_pop_i4(N@)
` + c.boundsPop() + `call fadj_slot_heldpop
do I@ = N@, 1, -1
  call fadj_slot_snappop
  call fadj_binomial_each_turn()
` + c.setIt("I@") + `  call fadj_slot_turn
end do`)
}

// pass is the loop's one forward pass, run plainly: the original loop
// with pre before each step's statements; with an EXIT leaving a step,
// its body is the advance form (binomial_exit.go).
func (c *bnCode) pass(pre []ast.Stmt) *ast.DoConstruct {
	loop := ast.Clone(c.s)
	loop.StmtHeader = ast.StmtHeader{}
	if c.exit {
		loop.TermLabel = 0
		loop.End = ast.EndStmt{Keyword: "do", Name: c.s.Name}
		loop.Body = c.copyOf(c.slots["advance"])
	}
	loop.Body = append(pre, dropFormats(loop.Body)...)
	return loop
}

// bounds evaluates a counted loop's start and step into LO@ and ST@
// before its forward pass, for the steps replayed in the backward sweep
// (a DO WHILE or a DO without loop control has none).
func (c *bnCode) bounds() []ast.Stmt {
	s := c.s
	if s.Var == nil {
		return nil
	}
	step := s.Step
	if step == nil {
		step = deriv.Int(1)
	}
	return []ast.Stmt{
		&ast.AssignStmt{Lhs: ast.NewIdent(c.name("lo")), Rhs: c.g.asInt(s.Start)},
		&ast.AssignStmt{Lhs: ast.NewIdent(c.name("st")), Rhs: c.g.asInt(step)},
	}
}

// boundsPush and boundsPop carry LO@ and ST@ from the forward sweep to
// the backward one (source text, with a newline after each line).
func (c *bnCode) boundsPush() string {
	if c.s.Var == nil {
		return ""
	}
	return "call fadj_push_i4(LO@)\ncall fadj_push_i4(ST@)\n"
}

func (c *bnCode) boundsPop() string {
	if c.s.Var == nil {
		return ""
	}
	return "call fadj_pop_i4(ST@)\ncall fadj_pop_i4(LO@)\n"
}

// setIt sets a counted loop's DO variable for step k (source text).
func (c *bnCode) setIt(k string) string {
	if c.s.Var == nil {
		return ""
	}
	return "IT = LO@ + (" + k + " - 1)*ST@\n"
}
