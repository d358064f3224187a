package adjoint

import (
	"fmt"
	"sort"

	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/analysis/slice"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ERA on a block's local variables: the loop body case.
//
// A scalar local w of statement list L is local to the block when every
// reference of w in the routine is in L, every definition of w is a
// direct assignment of L (or a logical IF's, whose adjoint reads values
// from before it only), and L never reads w before assigning it (w is
// not in USE(L)): each execution of L, each iteration of a loop whose body
// L is, computes w afresh. The TBR analysis records w at its assignments
// (in a loop, the previous iteration's value, which that iteration's
// adjoints read). Under recompute, no assignment of w records it; instead
// the backward sweep recomputes, before the adjoint of each statement S_i
// of L that reads such values, E_i = SLICE(L[1..i-1], need_i), need_i being
// the block-local variables the adjoint of S_i reads (TBR(s) and the
// subscripts for an assignment, every variable for another statement, and
// what recompute.go's recomputations placed there read) that are not
// valid there. A variable is valid from a recomputation that assigned it
// (backwards) to the statement that may define it; at the end of the
// routine's body all are (the forward sweep has just computed them), at
// the end of another list none. This is ERA's minimal recomputation,
// with TAMC's extension that avoids recomputing still valid values (no
// E2.1 in the paper's Fig. 3).
//
// E_i must be stoppable nowhere (package slice), must leave every variable
// it assigns with its value before S_i (ERA's repeat loop: a variable whose
// later definition the slice skips is added to the needed set), and its
// USE must be valid as for eraSlice. A block-local variable for which that
// fails is stored as before, and the block is decided again without it.
// The values the block then needs at its start are the snapshot: what it
// USEs that the store strategy keeps valid (the TBR set, or the records
// where the block overwrites them).

// eraBlock walks list with block-local variables locals and returns its
// plan, or the locals it cannot recompute (all of them if the cost says
// store).
func (g *gen) eraBlock(sl *slice.Slicer, list []ast.Stmt, locals slice.Set) (*blockPlan, slice.Set) {
	snap := map[int]bool{}
	out, bad := g.eraBlockWalk(sl, list, locals, g.recomp(list), snap)
	if len(bad) > 0 {
		return nil, bad
	}
	if !g.recordsAny(list, locals) {
		return &blockPlan{out: out, locals: locals, snap: snap}, nil
	}
	why := g.eraBlockCost(list, locals, out, snap)
	if !eraBlockChoice(why, g.strategyOf(list) == Auto) {
		return nil, locals
	}
	return &blockPlan{out: out, locals: locals, snap: snap, why: why}, nil
}

// recordsAny reports whether a direct assignment of list records a
// variable of locals.
func (g *gen) recordsAny(list []ast.Stmt, locals slice.Set) bool {
	for _, s := range list {
		if as := g.localDef(s); as != nil && locals[g.temp(as)] && g.records(as, as.Lhs) {
			return true
		}
	}
	return false
}

// eraBlockWalk walks list backwards placing the recomputations of locals,
// or returns the locals it cannot recompute somewhere.
func (g *gen) eraBlockWalk(sl *slice.Slicer, list []ast.Stmt, locals slice.Set, recomp map[int]*recomputation, snap map[int]bool) (map[int][]ast.Stmt, slice.Set) {
	valid := slice.Set{}
	if body := liveness.Body(g.pa.Unit); len(body) == len(list) && body[0] == list[0] {
		for w := range locals {
			valid[w] = true
		}
	}
	out := map[int][]ast.Stmt{}
	for i := len(list) - 1; i >= 0; i-- {
		for k := range sl.Kill(list[i : i+1]) {
			delete(valid, k)
		}
		need := slice.Set{}
		for u := range g.backwardReads(list, i, recomp) {
			if locals[u] && !valid[u] {
				need[u] = true
			}
		}
		if len(need) == 0 {
			continue
		}
		e, ok := g.eraBlockSlice(sl, list, i, need, locals, snap)
		if !ok {
			return nil, need
		}
		out[i] = e
		for k := range sl.Kill(e) {
			valid[k] = true
		}
	}
	return out, nil
}

// eraBlockSlice returns E_i computing need before list[i], with ERA's
// repeat loop, or false.
func (g *gen) eraBlockSlice(sl *slice.Slicer, list []ast.Stmt, i int, need, locals slice.Set, snap map[int]bool) ([]ast.Stmt, bool) {
	for {
		r := sl.Slice(list[:i], need)
		if r.Blocker != nil {
			return nil, false
		}
		in := map[int]bool{}
		for _, j := range r.Stmts {
			in[j] = true
		}
		lost := false
		for j := range list[:i] {
			if in[j] {
				continue
			}
			for w := range sl.Kill(list[j : j+1]) {
				if r.Kill[w] && !need[w] && lastIn(sl, list, i, w, r.Stmts) < j {
					need[w], lost = true, true
				}
			}
		}
		if lost {
			continue
		}
		killedBefore := sl.Kill(list[:i])
		for u := range r.Use {
			if locals[u] || killedBefore[u] || u.Attrs.Has(sema.AttrPointer) || u.Attrs.Has(sema.AttrTarget) || u.Attrs.Has(sema.AttrEquivalence) {
				return nil, false
			}
			if sl.Kill(list[i : i+1])[u] {
				// list[i] overwrites u: right only if its own pop
				// (before the recomputation, eraInsert) restores u.
				as, ok := list[i].(*ast.AssignStmt)
				if !ok || g.baseSym(as.Lhs) != u || g.callsUser(as.Rhs) {
					return nil, false
				}
				if g.records(as, as.Lhs) && !g.dead[as] {
					continue
				}
				if g.snapshotAt(sl, list, i, u) != i {
					return nil, false
				}
				snap[i] = true
				continue
			}
			if g.eraValid(sl, list, i, u) {
				continue
			}
			p := g.snapshotAt(sl, list, i, u)
			if p < 0 {
				return nil, false
			}
			snap[p] = true
		}
		return pickStmts(list, r.Stmts), true
	}
}

// snapshotAt returns the index of the statement of list[i:] where the
// block first overwrites u, if it is a direct assignment of the scalar u
// which can record u (the block's snapshot of u: its pop gives u back
// before the adjoint of list[i], after which the recomputation runs), or
// -1.
func (g *gen) snapshotAt(sl *slice.Slicer, list []ast.Stmt, i int, u *sema.Symbol) int {
	for p := i; p < len(list); p++ {
		if !sl.Kill(list[p : p+1])[u] {
			continue
		}
		as, ok := list[p].(*ast.AssignStmt)
		if !ok || g.info.Assignments[as] != nil || g.dead[as] {
			return -1
		}
		id, ok := as.Lhs.(*ast.Ident)
		if !ok || g.info.ObjectOf(id) != u || u.Rank() != 0 || u.Type == nil || !(u.Type.IsReal() || u.Type.IsInteger()) ||
			u.Attrs.Has(sema.AttrAllocatable) {
			return -1
		}
		return p
	}
	return -1
}

// backwardReads returns the variables the backward sweep of list[i] may
// read: TBR(s) and the subscripts of an assignment, every variable of
// another statement, and those recompute.go's recomputations placed
// before it read.
func (g *gen) backwardReads(list []ast.Stmt, i int, recomp map[int]*recomputation) slice.Set {
	out := slice.Set{}
	add := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym {
					out[v] = true
				}
			}
			return true
		})
	}
	st := list[i]
	if is, ok := st.(*ast.IfStmt); ok {
		if as, ok := is.Action.(*ast.AssignStmt); ok {
			add(is.Cond) // and what the adjoint of its action reads
			st = as
		}
	}
	if as, ok := st.(*ast.AssignStmt); ok {
		for _, r := range g.tbr.AdjointReads(as) {
			out[r.Sym] = true
		}
		if c, ok := as.Lhs.(*ast.CallExpr); ok {
			for _, a := range c.Args {
				add(a)
			}
		} else if _, ok := as.Lhs.(*ast.Ident); !ok {
			add(as.Lhs)
		}
	} else {
		add(st)
	}
	for _, c := range recomp {
		if c.last == i {
			for _, x := range c.reads {
				add(x)
			}
		}
	}
	return out
}

// eraBlockCost says whether to recompute the block-local variables by
// out: under both strategies, not if the snapshot (the records snap adds)
// would hold as many bytes as the records dropped ("store: .."); under
// recompute then "", under auto the comparison of the operations of out
// with the bytes saved, per execution of the list.
func (g *gen) eraBlockCost(list []ast.Stmt, locals slice.Set, out map[int][]ast.Stmt, snap map[int]bool) string {
	ops, dropped, added := 0, 0, 0
	for _, e := range out {
		for _, s := range e {
			ops += g.operations(s)
		}
	}
	for i, s := range list {
		as := g.localDef(s)
		switch {
		case as == nil:
		case locals[g.temp(as)] && g.records(as, as.Lhs):
			if as == s { // (one under a logical IF may not run: not counted)
				dropped += g.valueBytes(as.Lhs)
			}
		case snap[i] && !g.records(as, as.Lhs):
			added += g.valueBytes(as.Lhs)
		}
	}
	if added >= dropped {
		return fmt.Sprintf("store: the snapshot holds %d bytes, the records %d", added, dropped)
	}
	if g.strategyOf(list) != Auto {
		return ""
	}
	rc, sc := float64(ops)*g.weights.Recompute, float64(dropped-added)*g.weights.Store
	if rc < sc {
		return fmt.Sprintf("auto: recompute %g < store %g", rc, sc)
	}
	return fmt.Sprintf("auto: store %g <= recompute %g", sc, rc)
}

// valueBytes is the size of scalar x.
func (g *gen) valueBytes(x ast.Expr) int {
	if t := g.info.TypeOf(x); t != nil && t.Kind > 0 {
		return t.Kind
	}
	return 8
}

// eraBlockDecide records the decisions of the recorded assignments of
// locals: recomputed by the statements of out (nil: stored, for why).
func (g *gen) eraBlockDecide(list []ast.Stmt, p *blockPlan) {
	locals, out, snap, why := p.locals, p.out, p.snap, p.why
	for _, s := range list {
		as := g.localDef(s)
		if as == nil || !locals[g.temp(as)] || !g.records(as, as.Lhs) {
			continue
		}
		w := g.temp(as)
		d := Decision{Routine: g.pa.Proc.Name, Pos: g.fset.Position(as.Pos()), Var: w.Name, Kind: StoreIt, Why: why}
		if out != nil {
			d.Kind = RecomputeSlice
			lines := map[int]bool{}
			for _, e := range out {
				for _, st := range e {
					if a := g.localDef(st); a != nil && g.temp(a) == w {
						lines[g.fset.Position(st.Pos()).Line] = true
					}
				}
			}
			for l := range lines {
				d.Lines = append(d.Lines, l)
			}
			sort.Ints(d.Lines)
			if why == "" {
				d.Why = "local to its block"
			}
		}
		if g.sh.decisions != nil {
			*g.sh.decisions = append(*g.sh.decisions, d)
		}
	}
	if out != nil {
		for _, s := range list {
			if as := g.localDef(s); as != nil && locals[g.temp(as)] {
				g.noRecord[as] = true
			}
		}
		for w := range locals {
			g.eraLocals[w] = true
		}
		for _, p := range sortedKeys(snap) { // in order: the decisions are printed
			if as := list[p].(*ast.AssignStmt); !g.records(as, as.Lhs) {
				g.eraForced[as] = true
				g.eraSnapshotDecision(as)
			}
		}
	}
}

// eraCopies returns the statements of a recomputation as the backward
// sweep runs them: copies without labels.
func (g *gen) eraCopies(e []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range e {
		if is, ok := s.(*ast.IfStmt); ok {
			out = append(out, &ast.IfStmt{Cond: is.Cond, Action: g.recomputed(is.Action, nil)})
			continue
		}
		if c, ok := s.(*ast.CallStmt); ok {
			// A callee run again (era_recall.go).
			out = append(out, &ast.CallStmt{Name: c.Name, Args: c.Args, Parens: c.Parens})
			continue
		}
		out = append(out, g.recomputed(s, nil))
	}
	return out
}

// eraSnapshotDecision records the decision to store the old value of the
// left side of as for a block's recomputations.
func (g *gen) eraSnapshotDecision(as *ast.AssignStmt) {
	if g.sh.decisions != nil {
		*g.sh.decisions = append(*g.sh.decisions, Decision{Routine: g.pa.Proc.Name, Pos: g.fset.Position(as.Pos()),
			Var: exprString(as.Lhs), Kind: StoreIt, Why: "snapshot of its block for the recomputations"})
	}
}

// eraInsert returns the backward sweep bs of statement s with the
// recomputation e before its adjoint: after the pop of its left side if
// it records it (a recomputation may read that value: a snapshot), else
// first.
func (g *gen) eraInsert(s ast.Stmt, bs, e []ast.Stmt) []ast.Stmt {
	e = g.eraCopies(e)
	if as, ok := s.(*ast.AssignStmt); ok && g.records(s, as.Lhs) && len(bs) > 0 {
		if _, isCall := bs[0].(*ast.CallStmt); isCall {
			return append(append(append([]ast.Stmt{}, bs[0]), e...), bs[1:]...)
		}
	}
	return append(e, bs...)
}

// localDef returns the assignment of statement s of a block that may
// define a block-local variable: s itself, or the action of a logical IF
// (whose condition calls no user function), or nil.
func (g *gen) localDef(s ast.Stmt) *ast.AssignStmt {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s
	case *ast.IfStmt:
		if as, ok := s.Action.(*ast.AssignStmt); ok && !g.callsUser(s.Cond) {
			return as
		}
	}
	return nil
}
