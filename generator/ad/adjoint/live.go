package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Dead primal code in the adjoints of callees.
//
// A jointly reversed call runs the callee's adjoint foo_b in the caller's
// backward sweep, from the inputs the caller restored; the caller restores
// again what it needs after the call (callStmt), so foo_b need not compute
// foo's results. Its forward sweep then only has to compute the values its
// own backward sweep reads: an assignment whose value neither the rest of
// the forward sweep nor any adjoint reads is left out (Tapenade's adjoint
// liveness). In a right-hand side computed into an output array, the whole
// forward loop goes.
//
// The analysis is a backward liveness over the body, on whole variables
// (but for the arrays each iteration of a loop touches only in its own
// elements, live_private.go):
// nothing is live at the end but globals and saved variables; an
// assignment kills its variable when it assigns it whole; a live
// assignment reads its right side and subscripts; an active one reads what
// its adjoint does (the TBR analysis's TBR(s)) whether live or not, except
// the temporaries its list recomputes (recompute.go), whose values come from
// the recomputation; a recorded one reads the variable it records;
// conditions, bounds, calls and other statements read all their variables;
// they are kept, as are assignments referencing user functions, but for
// calls whose results nothing reads (live_calls.go). It applies
// to the joint versions of subroutines and functions (whose adjoints never
// return the result) other than the target, without jumps or internal
// procedures. A left-out assignment records nothing either: it changes
// nothing to restore.

// liveness marks the dead assignments of the body (g.dead) and the DO loops
// whose index is dead after them (g.deadIndex), if the routine is one to
// prune.
func (g *gen) liveness(body []ast.Stmt) {
	pa := g.pa
	if g.tbr == nil || pa == g.sh.target || g.split || pa.Unit == nil || (pa.Unit.Kind != ast.SubroutineUnit && pa.Unit.Kind != ast.FunctionUnit) ||
		hasJump(body) || g.scope.SaveAll() || len(pa.Unit.Procs) > 0 {
		return // (internal procedures may read any variable)
	}
	g.dead = map[ast.Stmt]bool{}
	g.deadIndex = map[*ast.DoConstruct]bool{}
	g.prepareRecompute(body)
	g.live(body, liveSet{})
}

type liveSet map[*sema.Symbol]bool

func (s liveSet) copy() liveSet {
	c := make(liveSet, len(s))
	for k := range s {
		c[k] = true
	}
	return c
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

// live returns the variables live before list given those live after it,
// marking the dead assignments.
func (g *gen) live(list []ast.Stmt, after liveSet) liveSet {
	recomputedTemps := map[*sema.Symbol]bool{}
	for _, c := range g.recomp(list) {
		for _, k := range c.temps {
			recomputedTemps[k] = true
		}
	}
	cur := after
	for i := len(list) - 1; i >= 0; i-- {
		cur = g.liveStmt(list[i], cur, recomputedTemps)
	}
	return cur
}

func (g *gen) liveStmt(s ast.Stmt, after liveSet, recomputed map[*sema.Symbol]bool) liveSet {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return g.liveAssign(s, after, recomputed)
	case *ast.IfStmt:
		in := g.liveStmt(s.Action, after, recomputed)
		for k := range after {
			in[k] = true
		}
		g.liveReads(in, s.Cond)
		return in
	case *ast.IfConstruct:
		in := liveSet{}
		hasElse := false
		for _, b := range s.Branches {
			for k := range g.live(b.Body, after) {
				in[k] = true
			}
			if b.Cond == nil {
				hasElse = true
			}
			g.liveReads(in, b.Cond)
		}
		if !hasElse {
			for k := range after {
				in[k] = true
			}
		}
		return in
	case *ast.SelectCase:
		return g.liveSelect(s, after)
	case *ast.DoConstruct:
		return g.liveLoop(s, after)
	case *ast.CallStmt:
		return g.liveCall(s, after)
	}
	in := after.copy()
	g.liveReads(in, s)
	return in
}

// liveReads adds the variables n references to in.
func (g *gen) liveReads(in liveSet, n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym {
				in[v] = true
			}
		}
		return true
	})
}

// liveAssign is the live set before assignment s, and marks s dead if
// neither sweep needs what it computes.
func (g *gen) liveAssign(s *ast.AssignStmt, after liveSet, recomputed map[*sema.Symbol]bool) liveSet {
	in := after.copy()
	v := g.baseSym(s.Lhs)
	if v == nil {
		g.liveReads(in, s)
		return in
	}
	keep := after[v] || g.callsUser(s.Rhs) || isGlobal(v) || v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData) || hostVar(v, g.scope)
	if _, whole := s.Lhs.(*ast.Ident); whole {
		delete(in, v)
	}
	subs := func() {
		if c, ok := s.Lhs.(*ast.CallExpr); ok {
			for _, a := range c.Args {
				g.liveReads(in, a)
			}
		}
	}
	if keep || g.noRecord[s] {
		g.liveReads(in, s.Rhs)
		subs()
	}
	// The adjoint's reads, but the recomputed temporaries.
	for _, r := range g.tbr.AdjointReads(s) {
		if !recomputed[r.Sym] {
			in[r.Sym] = true
		}
	}
	if g.records(s, s.Lhs) {
		in[v] = true
		subs()
	}
	g.dead[s] = !keep && s.Label == 0 // (a label stays on its statement)
	return in
}

// liveSelect is the live set before a SELECT CASE.
func (g *gen) liveSelect(s *ast.SelectCase, after liveSet) liveSet {
	in := liveSet{}
	hasDefault := false
	for _, c := range s.Cases {
		for k := range g.live(c.Body, after) {
			in[k] = true
		}
		if c.Default {
			hasDefault = true
		}
		for _, x := range c.Values {
			g.liveReads(in, x)
		}
	}
	if !hasDefault {
		for k := range after {
			in[k] = true
		}
	}
	g.liveReads(in, s.Selector)
	return in
}

// liveLoop is the live set before a DO construct: its body's, iterated
// to a fixed point, and marks the loops whose index is dead after them.
// An iteration-private array (iterationPrivate) read by the body is live
// before the loop, not from one iteration to the next.
func (g *gen) liveLoop(s *ast.DoConstruct, after liveSet) liveSet {
	private := g.iterationPrivate(s)
	head := after.copy()
	var body liveSet
	for {
		body = g.live(s.Body, head)
		grown := false
		for k := range body {
			if !head[k] && !private[k] {
				head[k] = true
				grown = true
			}
		}
		if !grown {
			break
		}
	}
	in := head.copy()
	for k := range body {
		in[k] = true // (what the body reads of a private array, before the loop)
	}
	if s.Var != nil {
		v := g.info.ObjectOf(s.Var)
		g.deadIndex[s] = v != nil && !after[v]
		delete(in, v)
	}
	for _, x := range []ast.Expr{s.Start, s.Stop, s.Step, s.While} {
		g.liveReads(in, x)
	}
	for _, sp := range s.Concurrent {
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			g.liveReads(in, x)
		}
	}
	return in
}
