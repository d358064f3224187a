package adjoint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/analysis/slice"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Store or recompute (issue 12): the Efficient Recomputation Algorithm of
// Giering and Kaminski (ERA), on fadj's split forward and backward sweeps.
//
// The forward sweep runs the whole primal first, so the backward sweep
// starts from the final values (the paper's E4.1-E4.3 are the forward
// sweep). Under strategy recompute or auto, a value the TBR analysis
// records, the old value of scalar v before assignment S_i of a statement
// list L (a block: routine body, branch body, loop body, so each loop
// iteration is a block), is instead recomputed by
//
//	E_i = SLICE(L[1..i-1], {v})
//
// inserted just before the adjoint of S_i, where the pop would be. E_i is
// right when every variable it assigns gets the value it had just before
// S_i (its last definition in L before S_i is in E_i), so that the backward
// sweep only ever holds values of the forward trajectory at that point, and
// when every u of USE(E_i) has, at the adjoint of S_i, its value at the
// start of L: nothing in L before S_i may define u, and either the routine
// never changes u, or u is in the TBR set of S_i (the store strategy
// restores it there), or u is the index of an enclosing DO loop, or the
// first statement after S_i in L that may define u is an assignment of u
// itself that records u (its pop, or its own recomputation, restores u
// before the adjoint of S_i is reached): this is the snapshot of the
// block, what it USEs and KILLs after, taken where the block overwrites it.
//
// Anything else is stored, and the reason is the decision's: the slice is
// stopped by a CALL, I/O, a nested construct or a user function (package
// slice), the value comes from before the block, a variable of the slice
// is overwritten between, or a used value would not be valid. The routine
// is left to the store strategy entirely when it has jumps (EXIT, CYCLE,
// GO TO, RETURN skip pops), in its split form (its backward sweep runs in
// another routine) and in fixed-point loops (their backward sweep repeats).
//
// Under auto each recomputation is chosen only when its cost, the
// operations of E_i times Weights.Recompute, is below the cost of storing
// v, its bytes times Weights.Store (eraCost). Neither strategy adds a
// record: their tapes are never larger than store's.

// Strategy is how the adjoint gets the values the backward sweep needs.
type Strategy string

const (
	Store     Strategy = "store"
	Recompute Strategy = "recompute"
	Auto      Strategy = "auto"
)

// Weights are auto's cost weights: per operation recomputed and per byte
// stored (pushed and popped).
type Weights struct{ Recompute, Store float64 }

// DefaultWeights are the weights when the spec sets none: an operation
// costs 1 and a byte stored 2 (a real(8) value, 16, is worth a slice of a
// few arithmetic operations, not one with several intrinsic functions).
var DefaultWeights = Weights{Recompute: 1, Store: 2}

// Intrinsic function references count as intrinsicOps operations.
const intrinsicOps = 8

// DecisionKind is how the backward sweep gets a value.
type DecisionKind int

const (
	None           DecisionKind = iota // not needed
	StoreIt                            // pushed and popped
	RecomputeSlice                     // recomputed by a slice
)

func (k DecisionKind) String() string {
	return [...]string{"none", "store", "recompute"}[k]
}

// Decision is how the backward sweep gets the old value of Var before the
// assignment at Pos, in routine Routine.
type Decision struct {
	Routine string
	Pos     source.Position
	Var     string
	Kind    DecisionKind
	// Slice are the statements recomputing it (RecomputeSlice), Lines
	// their lines.
	Slice []ast.Stmt
	Lines []int
	// Why says why it is stored, or auto's costs.
	Why string
	// Loop says that this is the decision for the DO loop at Pos
	// (era_loop.go): checkpointed with Snapshots snapshots
	// (RecomputeSlice) or stored.
	Loop      bool
	Snapshots int
}

func (d Decision) String() string {
	if d.Loop {
		return d.loopString()
	}
	s := fmt.Sprintf("%s %d:%d %s: %s", d.Routine, d.Pos.Line, d.Pos.Column, d.Var, d.Kind)
	if d.Kind == RecomputeSlice {
		var ls []string
		for _, l := range d.Lines {
			ls = append(ls, fmt.Sprint(l))
		}
		s += " lines " + strings.Join(ls, ",")
	}
	if d.Why != "" {
		s += " (" + d.Why + ")"
	}
	return s
}

// eraOn reports whether the routine's lists are candidates of ERA.
func (g *gen) eraOn() bool {
	if (g.strategy == "" || g.strategy == Store) && len(g.regionStrat) == 0 || g.tbr == nil || g.split || g.pa.Unit == nil {
		return false
	}
	if g.hasJumps == nil {
		j := liveness.HasJump(g.pa.Unit.Body)
		g.hasJumps = &j
	}
	if *g.hasJumps {
		return false
	}
	for _, l := range g.loops {
		if g.sh.fixed[l] != nil {
			return false
		}
	}
	return true
}

// era returns, by index in list, the recomputations ERA inserts before the
// adjoints of list's statements, decided once per list.
func (g *gen) era(list []ast.Stmt) map[int][]ast.Stmt {
	if len(list) == 0 || !g.eraOn() {
		return nil
	}
	if r, ok := g.eras[list[0]]; ok {
		return r
	}
	sl := &slice.Slicer{Info: g.info, ModRef: g.modref(), Scope: g.scope, Recall: g.recallable}
	g.eraPlanRoutine(sl) // era_plan.go
	st := g.strategyOf(list)
	out := map[int][]ast.Stmt{}
	if p := g.plans[list[0]]; p != nil {
		for i, e := range p.out {
			out[i] = e
		}
	}
	g.eras[list[0]] = out
	for i, s := range list {
		if st != Recompute && st != Auto {
			break
		}
		as, ok := s.(*ast.AssignStmt)
		if !ok || !g.records(s, as.Lhs) || g.eraForced[s] {
			continue
		}
		d := Decision{Routine: g.pa.Proc.Name, Pos: g.fset.Position(s.Pos()), Var: exprString(as.Lhs), Kind: StoreIt}
		e, why := g.eraSlice(sl, list, i, as)
		if why == "" {
			why = g.eraCost(e, as, st)
		}
		if why == "" || strings.HasPrefix(why, "auto: recompute") {
			d.Kind, d.Slice = RecomputeSlice, e
			for _, st := range e {
				d.Lines = append(d.Lines, g.fset.Position(st.Pos()).Line)
			}
			g.noRecord[s] = true
			out[i] = append(out[i], e...)
		}
		d.Why = why
		if g.sh.decisions != nil {
			*g.sh.decisions = append(*g.sh.decisions, d)
		}
	}
	return out
}

// eraSlice returns E_i for the old value of the left side of assignment
// list[i], or why it is stored instead.
func (g *gen) eraSlice(sl *slice.Slicer, list []ast.Stmt, i int, as *ast.AssignStmt) ([]ast.Stmt, string) {
	id, ok := as.Lhs.(*ast.Ident)
	if !ok {
		return nil, "not a scalar variable"
	}
	v := g.info.ObjectOf(id)
	if v == nil || v.Rank() != 0 || v.Type == nil || !(v.Type.IsReal() || v.Type.IsInteger()) || len(g.tbr.RecordBefore(as)) != 1 {
		return nil, "not a real or integer scalar"
	}
	r := sl.Slice(list[:i], slice.Set{v: true})
	if r.Blocker != nil {
		return nil, fmt.Sprintf("%s at line %d", r.Reason, g.fset.Position(r.Blocker.Pos()).Line)
	}
	if len(r.Stmts) == 0 || r.Use[v] {
		return nil, "its value comes from before the block"
	}
	in := map[int]bool{}
	for _, j := range r.Stmts {
		in[j] = true
	}
	// Every variable E_i assigns gets its value before S_i.
	for j := range list[:i] {
		if in[j] {
			continue
		}
		for w := range sl.Kill(list[j : j+1]) {
			if r.Kill[w] && lastIn(sl, list, i, w, r.Stmts) < j {
				return nil, fmt.Sprintf("'%s' is overwritten at line %d", w.Name, g.fset.Position(list[j].Pos()).Line)
			}
		}
	}
	killedBefore := sl.Kill(list[:i+1])
	for _, u := range sortedSyms(r.Use) {
		if u.Attrs.Has(sema.AttrPointer) || u.Attrs.Has(sema.AttrTarget) || u.Attrs.Has(sema.AttrEquivalence) {
			return nil, fmt.Sprintf("'%s' may be aliased", u.Name)
		}
		if killedBefore[u] {
			return nil, fmt.Sprintf("'%s' changes in the block before", u.Name)
		}
		if !g.eraValid(sl, list, i, u) {
			return nil, fmt.Sprintf("'%s' would not be valid there", u.Name)
		}
	}
	return pickStmts(list, r.Stmts), ""
}

// lastIn returns the last index of stmts (of list) that defines w, or -1.
func lastIn(sl *slice.Slicer, list []ast.Stmt, i int, w *sema.Symbol, stmts []int) int {
	last := -1
	for _, j := range stmts {
		if sl.Kill(list[j : j+1])[w] {
			last = j
		}
	}
	return last
}

// eraValid reports whether u, used by a recomputation before the adjoint
// of list[i] and not defined before it in list, has there the value it had
// at list[i] (see the file comment).
func (g *gen) eraValid(sl *slice.Slicer, list []ast.Stmt, i int, u *sema.Symbol) bool {
	if g.eraLocals[u] {
		return false // its records are gone (era_block.go)
	}
	never := !g.mayDefine(u) && !(isGlobal(u) && g.sh.written[decl.Canon(u)])
	if never || g.loopIndex(u) || g.eraLoopIndex(u) {
		return true
	}
	for _, r := range g.tbr.Required(list[i], false) {
		if r.Sym == u {
			return true
		}
	}
	for _, s := range list[i+1:] {
		if !sl.Kill([]ast.Stmt{s})[u] {
			continue
		}
		as, ok := s.(*ast.AssignStmt)
		if !ok {
			return false
		}
		id, ok := as.Lhs.(*ast.Ident)
		// (Decided after list[i]: if ERA recomputes it rather than
		// popping it, that restores u just the same.)
		return ok && g.info.ObjectOf(id) == u && g.records(s, as.Lhs) && !g.dead[s]
	}
	return false
}

// eraCost returns "" under strategy recompute, and under auto the
// comparison of the costs of recomputing e and of storing the left side of
// as, starting with "auto: recompute" if recomputing is cheaper.
func (g *gen) eraCost(e []ast.Stmt, as *ast.AssignStmt, st Strategy) string {
	if st != Auto {
		return ""
	}
	ops := 0
	for _, s := range e {
		ops += g.operations(s)
	}
	bytes := 8
	if t := g.info.TypeOf(as.Lhs); t != nil && t.Kind > 0 {
		bytes = t.Kind
	}
	rc, sc := float64(ops)*g.weights.Recompute, float64(bytes)*g.weights.Store
	if rc < sc {
		return fmt.Sprintf("auto: recompute %g < store %g", rc, sc)
	}
	return fmt.Sprintf("auto: store %g <= recompute %g", sc, rc)
}

// operations counts the operations of assignment s: one per operator and
// per assignment, intrinsicOps per intrinsic function reference.
func (g *gen) operations(s ast.Stmt) int {
	n := 1
	ast.Inspect(s, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.BinaryExpr, *ast.UnaryExpr:
			n++
		case *ast.CallExpr:
			if k, ok := g.info.Calls[m]; ok && k.Kind == sema.FunctionCall {
				n += intrinsicOps
			}
		}
		return true
	})
	return n
}

func pickStmts(list []ast.Stmt, idx []int) []ast.Stmt {
	out := make([]ast.Stmt, len(idx))
	for k, j := range idx {
		out[k] = list[j]
	}
	return out
}

func sortedSyms(s slice.Set) []*sema.Symbol {
	var out []*sema.Symbol
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// eraState is the generator's ERA state.
type eraState struct {
	strategy Strategy
	weights  Weights
	hasJumps *bool                           // whether the routine has jumps, once known
	eras     map[ast.Stmt]map[int][]ast.Stmt // by the list's first statement (era)
	// eraLocals are the block-local variables whose records eraBlock
	// dropped.
	eraLocals map[*sema.Symbol]bool
	// eraForced are the assignments recording their left side for a
	// block's snapshot (era_block.go).
	eraForced map[ast.Stmt]bool
	// plans are the block plans by the list's first statement, eraLoops
	// the DO loops around the list being planned (era_plan.go).
	plans    map[ast.Stmt]*blockPlan
	eraLoops []*ast.DoConstruct
	// regionStrat are the strategies of regions, listStrat those of the
	// lists by their first statement (era_plan.go).
	regionStrat map[*ast.BlockConstruct]Strategy
	listStrat   map[ast.Stmt]Strategy
	// snapshots are those of the loops recompute checkpoints, recLoops
	// their decisions by loop (era_loop.go).
	snapshots int
	recLoops  map[*ast.DoConstruct]*plan.Region
}

// eraConfig sets the strategy of conf.
func (g *gen) eraConfig(conf Config) {
	g.strategy, g.weights = conf.Strategy, conf.Weights
	if s, ok := conf.RoutineStrategies[g.pa.Proc]; ok {
		g.strategy = s
	}
	g.regionStrat, g.listStrat = conf.RegionStrategies, map[ast.Stmt]Strategy{}
	g.snapshots = conf.RecomputeSnapshots
	if g.weights == (Weights{}) {
		g.weights = DefaultWeights
	}
	g.eras = map[ast.Stmt]map[int][]ast.Stmt{}
	g.eraLocals = map[*sema.Symbol]bool{}
	g.eraForced = map[ast.Stmt]bool{}
	g.sh.decisions = conf.Decisions
}

// eraLoopIndex reports whether u is the index of a DO loop around the
// list being planned.
func (g *gen) eraLoopIndex(u *sema.Symbol) bool {
	for _, l := range g.eraLoops {
		if l.Var != nil && g.info.ObjectOf(l.Var) == u {
			return true
		}
	}
	return false
}

// strategyOf returns the strategy of list: its region's, else the
// routine's.
func (g *gen) strategyOf(list []ast.Stmt) Strategy {
	if st, ok := g.listStrat[list[0]]; ok {
		return st
	}
	return g.strategy
}
