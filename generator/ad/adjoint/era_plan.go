package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/analysis/slice"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The block-local variables of a routine are decided for all its blocks at
// once, before its code is generated: a temporary may be local to several
// blocks (the two loop nests of a 2-D objective computing the same
// gradient temporaries), and dropping its records in one block is right
// only if no block relies on another's records, that is if every block
// assigning it recomputes it. So a variable is block-local when every
// assignment of it is a direct one of a block where it is local (see
// era_block.go) and every reference of it is within those blocks; a
// block that cannot recompute one (a slice stopped, a value not valid, a
// snapshot not cheaper, auto's cost) takes it out of all of them, and the
// blocks are decided again until nothing changes.

// eraList is a statement list of the routine with the DO loops around it.
type eraList struct {
	list  []ast.Stmt
	loops []*ast.DoConstruct
}

// blockPlan is what eraBlock decided for one list.
type blockPlan struct {
	out    map[int][]ast.Stmt
	locals slice.Set
	snap   map[int]bool
	why    string
}

// eraPlanRoutine decides the block-local variables of every list of the
// routine (g.plans), once.
func (g *gen) eraPlanRoutine(sl *slice.Slicer) {
	if g.plans != nil {
		return
	}
	g.plans = map[ast.Stmt]*blockPlan{}
	body := liveness.Body(g.pa.Unit)
	g.prepareRecompute(body) // recompute.go's decisions first: they drop records too
	var lists []eraList
	g.collectLists(body, nil, g.strategy, &lists)
	cand := make([]slice.Set, len(lists))
	for k, l := range lists {
		if st := g.strategyOf(l.list); st == Recompute || st == Auto {
			cand[k] = g.blockCandidates(sl, l.list)
		}
	}
	ok := g.globallyLocal(lists, cand)
	for changed := true; changed; {
		changed = false
		for k, l := range lists {
			locals := slice.Set{}
			for w := range cand[k] {
				if ok[w] {
					locals[w] = true
				}
			}
			delete(g.plans, l.list[0])
			if len(locals) == 0 {
				continue
			}
			g.eraLoops = l.loops
			p, bad := g.eraBlock(sl, l.list, locals)
			if len(bad) > 0 {
				for w := range bad {
					delete(ok, w)
				}
				changed = true
				continue
			}
			g.plans[l.list[0]] = p
		}
	}
	g.eraLoops = nil
	for _, l := range lists {
		if p := g.plans[l.list[0]]; p != nil {
			g.eraBlockDecide(l.list, p)
		}
	}
}

// collectLists appends the lists of list (itself included) with the DO
// loops around them, as stmts reverses them, leaving out those in
// fixed-point loops; st is list's strategy, a region's inside it.
func (g *gen) collectLists(list []ast.Stmt, loops []*ast.DoConstruct, st Strategy, out *[]eraList) {
	if len(list) == 0 {
		return
	}
	g.listStrat[list[0]] = st
	for _, l := range loops {
		if g.sh.fixed[l] != nil {
			return
		}
	}
	*out = append(*out, eraList{list, loops})
	for _, s := range list {
		switch s := s.(type) {
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				g.collectLists(b.Body, loops, st, out)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				g.collectLists(c.Body, loops, st, out)
			}
		case *ast.DoConstruct:
			g.collectLists(s.Body, append(append([]*ast.DoConstruct{}, loops...), s), st, out)
		case *ast.BlockConstruct:
			inner := st
			if rs, ok := g.regionStrat[s]; ok {
				inner = rs
			}
			g.collectLists(s.Body, loops, inner, out)
		}
	}
}

// globallyLocal returns the variables local to every list assigning them,
// all of whose references are in those lists, that some assignment
// records.
func (g *gen) globallyLocal(lists []eraList, cand []slice.Set) slice.Set {
	owners := map[*sema.Symbol][]int{}
	for k := range lists {
		for w := range cand[k] {
			owners[w] = append(owners[w], k)
		}
	}
	ok := slice.Set{}
	for w, ks := range owners {
		refs := map[*ast.Ident]bool{}
		assigns, recorded := 0, false
		for _, k := range ks {
			for _, s := range lists[k].list {
				if as := g.localDef(s); as != nil && g.temp(as) == w {
					assigns++
					recorded = recorded || g.records(as, as.Lhs)
				}
				ast.Inspect(s, func(n ast.Node) bool {
					if id, isID := n.(*ast.Ident); isID && g.info.ObjectOf(id) == w {
						refs[id] = true
					}
					return true
				})
			}
		}
		// (A variable nothing records is left alone: nothing to save.)
		if recorded && len(refs) == g.totalRefs(w) && assigns == g.countAssigns(w) {
			ok[w] = true
		}
	}
	return ok
}

// countAssigns counts the assignments of w in the routine, or returns -1
// if another statement may define it (a CALL, READ, DO, a function
// reference).
func (g *gen) countAssigns(w *sema.Symbol) int {
	n := 0
	f := func(x ast.Node) bool {
		s, ok := x.(ast.Stmt)
		if !ok || n < 0 {
			return n >= 0
		}
		switch s := s.(type) {
		case *ast.IfStmt, *ast.IfConstruct, *ast.SelectCase:
			return true
		case *ast.DoConstruct:
			if s.Var != nil && g.info.ObjectOf(s.Var) == w {
				n = -1
			}
			return true
		case *ast.AssignStmt:
			if g.modref().Defines([]ast.Stmt{s}, g.scope)[w] {
				if g.baseSym(s.Lhs) != w || g.callsUser(s.Rhs) {
					n = -1
				} else {
					n++
				}
			}
			return false
		}
		if g.modref().Defines([]ast.Stmt{s}, g.scope)[w] {
			n = -1
		}
		return false
	}
	for _, s := range g.pa.Unit.Body {
		ast.Inspect(s, f)
	}
	return n
}

// blockCandidates returns the variables that may be local to list: scalar
// locals (see temp) assigned only by its direct assignments (or logical
// IFs'), which it never reads before assigning.
func (g *gen) blockCandidates(sl *slice.Slicer, list []ast.Stmt) slice.Set {
	if len(g.pa.Unit.Procs) > 0 {
		return nil // an internal procedure may read a local by host association
	}
	use := sl.Use(list)
	ix := g.index(list)
	out := slice.Set{}
	for _, s := range list {
		as := g.localDef(s)
		if as == nil {
			continue
		}
		w := g.temp(as)
		if w == nil || use[w] || out[w] || w.Attrs.Has(sema.AttrTarget) || w.Attrs.Has(sema.AttrEquivalence) || w.Attrs.Has(sema.AttrInCommon) {
			continue
		}
		direct := true
		for _, j := range ix.defs[w] {
			if a := g.localDef(list[j]); a == nil || g.temp(a) != w {
				direct = false
			}
		}
		if direct {
			out[w] = true
		}
	}
	return out
}

// eraBlockChoice says whether a walk's result is kept: not if the cost
// says store.
func eraBlockChoice(why string, auto bool) bool {
	return !strings.HasPrefix(why, "store") && (!auto || strings.HasPrefix(why, "auto: recompute"))
}
