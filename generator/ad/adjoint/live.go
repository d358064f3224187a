package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Dead primal code in the adjoints of callees: package liveness decides,
// with the generator's refinements: the temporaries recompute.go
// recomputes (their values come from the recomputation, whose assignment
// reads its right side) and the calls whose results nothing reads
// (live_calls.go). The TBR analysis runs the same liveness without them
// on callees, to know what their adjoints read and define for the
// snapshots of checkpointed calls: the refinements only leave more out.

// liveness marks the dead assignments of the body (g.dead) and the DO loops
// whose index is dead after them (g.deadIndex), if the routine is one to
// prune.
func (g *gen) liveness(body []ast.Stmt) {
	pa := g.pa
	if g.tbr == nil || pa == g.sh.target || g.split || !liveness.Applies(pa.Unit, g.scope) {
		return
	}
	g.prepareRecompute(body)
	res := liveness.Adjoint(body, liveness.Config{
		Info:  g.info,
		Scope: g.scope,
		AdjointReads: func(s ast.Stmt) []*sema.Symbol {
			var out []*sema.Symbol
			for _, r := range g.tbr.AdjointReads(s) {
				out = append(out, r.Sym)
			}
			return out
		},
		Records: g.records,
		Recomputed: func(list []ast.Stmt) liveness.Set {
			temps := liveness.Set{}
			for _, c := range g.recomp(list) {
				for _, k := range c.temps {
					temps[k] = true
				}
			}
			return temps
		},
		Recomputes: func(s ast.Stmt) bool { return g.noRecord[s] },
		DeadCall:   g.deadCall,
	})
	g.dead, g.deadIndex = res.Dead, res.DeadIndex
}

// prepareRecompute decides the recomputations of every list of body, top
// down as stmts does, and keeps them for it.
func (g *gen) prepareRecompute(list []ast.Stmt) {
	if len(list) == 0 {
		return
	}
	g.recomp(list)
	for _, s := range list {
		switch s := s.(type) {
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				g.prepareRecompute(b.Body)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				g.prepareRecompute(c.Body)
			}
		case *ast.SelectType:
			for _, gd := range s.Guards {
				g.prepareRecompute(gd.Body)
			}
		case *ast.DoConstruct:
			g.prepareRecompute(s.Body)
		}
	}
}

// recomp returns the recomputations of list, decided once (the decision
// marks the statements recomputed, which changes what a second one sees).
func (g *gen) recomp(list []ast.Stmt) map[int]*recomputation {
	if len(list) == 0 {
		return nil
	}
	if r, ok := g.recomps[list[0]]; ok {
		return r
	}
	r := g.recomputable(list)
	g.recomps[list[0]] = r
	for i, c := range r {
		s := list[i]
		g.noRecord[s] = true
		if ic, ok := s.(*ast.IfConstruct); ok {
			for _, b := range ic.Branches {
				for _, st := range b.Body {
					if as, ok := st.(*ast.AssignStmt); ok && g.temp(as) != nil && containsSym(c.temps, g.temp(as)) {
						g.noRecord[st] = true
					}
				}
			}
		}
	}
	return r
}
