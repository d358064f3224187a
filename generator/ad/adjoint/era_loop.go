package adjoint

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Loops under strategy recompute (docs/recompute.md, Loops).
//
// ERA recomputes scalar values within a block; a time loop whose steps
// overwrite an array state keeps taping that state, step after step, so
// that recompute would tape what store tapes. ERA's answer, the paper's
// conclusion, is to treat the loop body as a block whose start values are
// recomputed by running earlier iterations again from a snapshot: binomial
// checkpointing of the loop (binomial.go). So, under recompute, an
// outermost DO loop whose body the store tape records in (TBR records
// left after ERA's block-local recomputations, or calls with adjoints) is
// reversed as a binomial checkpointed loop with Config.RecomputeSnapshots
// snapshots, unless the checkpointing code cannot hold it (then it is
// stored, and the decision says why). Under auto the loop is checkpointed
// only when recomputing a step is cheaper than taping it (loopCost).

// DefaultRecomputeSnapshots are the snapshots of a loop strategy
// recompute checkpoints when the spec sets none (config's default).
const DefaultRecomputeSnapshots = 10

// Auto's estimates for trip counts that are not literal: an inner loop
// (the same factor on both sides of the rule, so that only statements
// outside inner loops weigh differently) and the checkpointed loop
// itself (for the number of times a step runs again).
// A call with an adjoint counts callOps operations (its callee's are
// not counted): an inner loop of intrinsic function references.
const (
	assumedInnerTrips = 100
	assumedSteps      = 1000
	callOps           = assumedInnerTrips * intrinsicOps
)

// loopRegion returns the checkpointed-loop treatment of DO construct s:
// the spec's, or the binomial region strategy recompute makes of it, or
// nil for a loop reversed as any other.
func (g *gen) loopRegion(s *ast.DoConstruct) *plan.Region {
	if r := g.sh.plan.Region(s); r != nil && r.Spec != nil {
		return r
	}
	if r, ok := g.recLoops[s]; ok {
		return r
	}
	r := g.decideLoop(s)
	if g.recLoops == nil {
		g.recLoops = map[*ast.DoConstruct]*plan.Region{}
	}
	g.recLoops[s] = r
	return r
}

// decideLoop decides loop s under the strategy of its statements and
// records the decision.
func (g *gen) decideLoop(s *ast.DoConstruct) *plan.Region {
	st := g.loopStrategy(s)
	if st != Recompute && st != Auto || len(g.loops) > 0 || g.depth > 0 || g.tbr == nil || g.pa.Unit == nil {
		return nil
	}
	rec := g.stepRecordsOf(s.Body, 1)
	if !rec.any {
		return nil // the tape does not grow with the loop: nothing to recompute
	}
	snaps := g.snapshots
	if snaps <= 0 {
		snaps = DefaultRecomputeSnapshots
	}
	l := loops.Loop{Do: s, Unit: g.pa.Unit, Routine: g.pa.Proc, Pos: g.fset.Position(s.Pos())}
	r := &plan.Region{Loop: l, Snapshots: snaps}
	why := g.loopBlocker(s, r)
	if _, st, ok := g.sh.plan.StateIn(g.info, s.Body); ok && why == "" { // (plan/state.go)
		why = "its steps run " + st.String() + ": running them again would start from another state"
	}
	cost := ""
	if why == "" && st == Auto {
		cost = g.loopCost(s, rec, snaps)
		if !strings.HasPrefix(cost, "auto: recompute") {
			why = cost
		}
	}
	d := Decision{Routine: g.pa.Proc.Name, Pos: l.Pos, Loop: true, Kind: StoreIt, Why: why}
	if why == "" {
		r = g.sh.plan.Recomputed(l, snaps)
		d.Kind, d.Snapshots, d.Why = RecomputeSlice, snaps, cost
	} else {
		r = nil
	}
	if g.sh.decisions != nil {
		*g.sh.decisions = append(*g.sh.decisions, d)
	}
	return r
}

// loopBlocker says why loop s cannot be checkpointed as region r ("" if
// it can): what checkpointedLoop would reject, and what it is not tried
// on.
func (g *gen) loopBlocker(s *ast.DoConstruct, r *plan.Region) string {
	r.Name = fmt.Sprintf("%s::line %d", g.pa.Proc.Name, r.Loop.Pos.Line)
	if s.Name != nil {
		r.Name = g.pa.Proc.Name + "::" + strings.ToLower(s.Name.Name)
	}
	switch {
	case g.split:
		return "the split form of the routine (calls: split) keeps store"
	case s.Var == nil && s.While == nil:
		return "a DO without loop control"
	case hasOmp(s.Body):
		return "OpenMP directives in the loop"
	}
	if err := g.checkRegion(s, r); err != nil {
		return err.Error()
	}
	var dv *sema.Symbol
	if s.Var != nil {
		dv = g.info.ObjectOf(s.Var)
	}
	if _, _, err := g.regionSaves(s, s.Body, dv, "checkpointed loop "+r.Name, nil); err != nil {
		return err.Error()
	}
	// (A snapshot may hold an argument a function reference of the body
	// might define, for all modref knows; restoring an INTENT(IN) one
	// would not compile.)
	_, dec := g.regionSets(s, s.Body, dv)
	for _, v := range dec.Snp.Sorted() {
		if v.Intent == ast.IntentIn || v.DeclaredIntent == ast.IntentIn {
			return fmt.Sprintf("not supported yet: the snapshot of the loop would restore INTENT(IN) argument '%s'", v.Name)
		}
	}
	return ""
}

// hasOmp reports whether list holds an OpenMP directive.
func hasOmp(list []ast.Stmt) bool {
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			if s, ok := n.(ast.Stmt); ok {
				for _, c := range s.Header().Doc {
					found = found || c.Omp != nil
				}
			}
			return !found
		})
	}
	return found
}

// loopStrategy returns the strategy of the statements around loop s: its
// innermost enclosing region's (strategy_regions), else the routine's.
func (g *gen) loopStrategy(s *ast.DoConstruct) Strategy {
	st := g.strategy
	var walk func(list []ast.Stmt, cur Strategy) bool
	walk = func(list []ast.Stmt, cur Strategy) bool {
		for _, x := range list {
			if x == ast.Stmt(s) {
				st = cur
				return true
			}
			inner := cur
			if b, ok := x.(*ast.BlockConstruct); ok {
				if rs, ok := g.regionStrat[b]; ok {
					inner = rs
				}
			}
			for _, l := range innerLists(x) {
				if walk(l, inner) {
					return true
				}
			}
		}
		return false
	}
	walk(liveness.Body(g.pa.Unit), g.strategy)
	return st
}

// stepRecords are what one step of a loop tapes (estimated) and costs.
type stepRecords struct {
	any   bool    // something is saved
	bytes float64 // bytes saved, inner trip counts estimated
	tape  float64 // those of them on the tape (not snapshots of calls)
	ops   float64 // operations of one step (eraCost's count)
}

// stepRecordsOf returns what list, run trips times per step, tapes and
// costs: the TBR records left (not dropped by ERA), what its calls save
// (callRecords), and the operations of its assignments and calls. (Branch
// choices are not counted: they are bits, or recomputed.)
func (g *gen) stepRecordsOf(list []ast.Stmt, trips float64) stepRecords {
	var out stepRecords
	add := func(r stepRecords) {
		out.any = out.any || r.any
		out.bytes += r.bytes
		out.tape += r.tape
		out.ops += r.ops
	}
	for _, s := range list {
		switch s := s.(type) {
		case *ast.DoConstruct:
			n := float64(assumedInnerTrips)
			if c, ok := literalTrips(s); ok {
				n = float64(c)
			}
			add(g.stepRecordsOf(s.Body, trips*n))
			continue
		case *ast.CallStmt:
			if g.pa.CallPattern(s) != nil {
				out.ops += trips * callOps
				add(g.callRecords(s, trips))
			}
		case *ast.AssignStmt:
			n := float64(g.operations(s))
			if g.info.Rank(s.Lhs) > 0 {
				n *= assumedInnerTrips // an array assignment: per element
			}
			out.ops += trips * n
		}
		for _, x := range g.tbr.RecordBefore(s) {
			if g.records(s, x) && !g.eraLocals[g.baseSym(x)] {
				b := trips * float64(g.recordBytes(x))
				out.any, out.bytes, out.tape = true, out.bytes+b, out.tape+b
			}
		}
		for _, l := range innerLists(s) {
			add(g.stepRecordsOf(l, trips))
		}
	}
	return out
}

// callRecords is what call s, run trips times per step, saves in the
// store forward sweep: in split mode the callee records on the caller's
// tape; a checkpointed call takes its snapshot (Snp) on the snapshot
// stack, which grows with the steps just as the tape does.
func (g *gen) callRecords(s *ast.CallStmt, trips float64) stepRecords {
	if g.sh.plan.Call(s).Mode == plan.Split {
		b := trips * 8 * assumedInnerTrips
		return stepRecords{any: true, bytes: b, tape: b}
	}
	cp := g.tbr.Checkpoint(s)
	if cp == nil || len(cp.Snp) == 0 {
		return stepRecords{}
	}
	var b float64
	for _, r := range cp.Snp {
		if r.Expr != nil {
			b += float64(g.recordBytes(r.Expr))
		} else {
			b += 8 * assumedInnerTrips
		}
	}
	return stepRecords{any: true, bytes: trips * b}
}

// recordBytes estimates the bytes of one record of x: its element's, times
// assumedInnerTrips for an array section or whole array.
func (g *gen) recordBytes(x ast.Expr) int {
	b := 8
	if t := g.info.TypeOf(x); t != nil && t.Kind > 0 {
		b = t.Kind
		if t.IsComplex() {
			b *= 2
		}
	}
	if g.info.Rank(x) > 0 {
		b *= assumedInnerTrips
	}
	return b
}

// literalTrips returns the trip count of counted loop s when its bounds
// and step are integer literals.
func literalTrips(s *ast.DoConstruct) (int64, bool) {
	if s.Var == nil {
		return 0, false
	}
	lo, ok1 := intValue(s.Start)
	hi, ok2 := intValue(s.Stop)
	st, ok3 := 1, true
	if s.Step != nil {
		st, ok3 = intValue(s.Step)
	}
	if !ok1 || !ok2 || !ok3 || st == 0 {
		return 0, false
	}
	return int64(max((hi-lo+st)/st, 0)), true
}

// loopCost is auto's rule for loop s: recompute when the operations of a
// step times the times it runs again (extraRuns) times recompute_cost are
// below the bytes a step tapes times store_cost. It returns the
// comparison, starting with "auto: recompute" when recomputing is cheaper.
//
// The schedule's bookkeeping (its state and the loop's bounds, about
// bookkeepingBytes) is on the tape too, so that a loop of few steps would
// tape more checkpointed than stored: auto checkpoints only a loop whose
// trip count n is a literal with (n-1) × bytes a step tapes at least
// that, so that its tape stays below store's (what checkpointed calls
// save is on the snapshot stack: it weighs in the rule, not here).
func (g *gen) loopCost(s *ast.DoConstruct, rec stepRecords, snaps int) string {
	steps := int64(assumedSteps)
	n, known := literalTrips(s)
	if known {
		steps = n
	}
	runs := extraRuns(steps, snaps)
	rc := rec.ops * float64(runs) * g.weights.Recompute
	sc := rec.bytes * g.weights.Store
	switch {
	case rc >= sc:
		return fmt.Sprintf("auto: store %g <= recompute %g per step", sc, rc)
	case !known:
		return fmt.Sprintf("auto: store: recompute %g < store %g per step, but the trip count is not a literal (the schedule's bookkeeping could outweigh the tape saved)", rc, sc)
	case float64(n-1)*rec.tape < float64(bookkeepingBytes(snaps)):
		return fmt.Sprintf("auto: store: recompute %g < store %g per step, but %d steps tape less than the schedule's bookkeeping", rc, sc, n)
	}
	return fmt.Sprintf("auto: recompute %g < store %g per step", rc, sc)
}

// bookkeepingBytes are the bytes the binomial schedule of a loop pushes
// on the tape (binomial.go): its history (fadj_binomial_hlen = 6, plus
// one per snapshot), the history's length, the loop's bounds and step,
// and the DO variable, as 4-byte integers.
func bookkeepingBytes(snaps int) int { return 4 * (6 + snaps + 5) }

// extraRuns is the number of times binomial checkpointing with snaps
// snapshots runs a step of steps again, about: the least r with
// C(snaps+r, snaps) >= steps (revolve's repetition number; the turn,
// which records the step, is one of them), at least 1.
func extraRuns(steps int64, snaps int) int {
	r := 1
	for ; int64(r) < steps; r++ {
		c := new(big.Int).Binomial(int64(snaps+r), int64(snaps))
		if c.Cmp(big.NewInt(steps)) >= 0 {
			break
		}
	}
	return r
}

// loopString prints a loop decision: "routine loop at file:line:col:
// recomputed from N snapshots (binomial)" or "...: stored: why".
func (d Decision) loopString() string {
	s := fmt.Sprintf("%s loop at %s: ", d.Routine, d.Pos)
	if d.Kind != RecomputeSlice {
		return s + "stored: " + d.Why
	}
	s += fmt.Sprintf("recomputed from %d snapshots (binomial", d.Snapshots)
	if d.Why != "" {
		s += "; " + d.Why
	}
	return s + ")"
}
