package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A rank-1 pointer advanced through its own target (p => x, then
// p => p(2:) in a loop: a stream or list walked from its head). The
// number of the statement that made the association (pointer_replay.go)
// says only where the walk started; the replay plan also keeps, in
// integer locals pushed and popped with that number, the section of that
// base association that p is now: its bounds lo:hi in the base's
// subscripts and whether p was advanced (fadj_plo_p, fadj_phi_p,
// fadj_psec_p). A base statement sets them to p's bounds after it; an
// advance p => p(a:b) (no stride) sets, before it, hi = lo + b -
// lbound(p, 1) and lo = lo + a - lbound(p, 1) (a, b default to p's
// bounds), and leaves the number alone. The backward sweep pops them,
// associates p and p_b as the base statement did, then, if advanced,
// with their section lo:hi (whose lower bound is 1, as the advance's).
// Only for local pointers whose other targets qualify for
// captureReplay (replay_capture.go; a passive pointer's, an index list
// walked by q => q(2:), for replayable: pointer_replay.go) and have
// lower bound 1 (gfortran 12
// makes p => p(2:) of a p with lower bound 0 the section starting at
// p(1), not p(2): the bounds the plan keeps would not be the
// association's; kernel ptr_advance_carry has the snapshots
// (ptr_advance_snap.go).

// ptrAdvance is the part of a replay plan of a pointer advanced through its
// own target.
type ptrAdvance struct {
	lo, hi, sect *ast.Ident
	self         map[ast.Stmt]*ast.RangeExpr // the advances, by statement
}

// advanceReplay returns the replay plan of active local pointer v that
// some statement advances through its own target, nil if v does not
// qualify.
func (g *gen) advanceReplay(v *sema.Symbol, is func(ast.Expr) bool) (*replayPlan, error) {
	if v.Rank() != 1 {
		return nil, nil
	}
	active := g.hasAdj(v)
	plan := &replayPlan{ids: map[ast.Stmt]int{}, caps: map[int][]capture{}}
	adv := &ptrAdvance{self: map[ast.Stmt]*ast.RangeExpr{}}
	ok, most := true, 0
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.PointerAssignStmt:
			if !is(s.Lhs) {
				break
			}
			t := s.Rhs
			if r := g.selfSection(s, is); r != nil {
				adv.self[s] = r
				t = nil
			} else if isNull(t) {
				t = nil
			} else if !active && g.replayable(t, false) && g.lowerBoundOne(t) {
				// (a passive pointer: subscripts that do not change)
			} else if caps, good := g.captures(t); active && good && g.lowerBoundOne(t) {
				plan.caps[len(plan.targets)] = caps
				most = max(most, len(caps))
			} else {
				ok = false
			}
			plan.targets = append(plan.targets, t)
			plan.ids[s] = len(plan.targets)
		case *ast.AllocateStmt:
			for _, o := range s.Objects {
				if c, isCall := o.(*ast.CallExpr); isCall {
					o = c.Fun
				}
				if is(o) {
					ok = ok && s.Keyword == "nullify"
					plan.targets = append(plan.targets, nil)
					plan.ids[s] = len(plan.targets)
				}
			}
		}
		return ok
	})
	if !ok || len(adv.self) == 0 {
		return nil, nil
	}
	name := strings.ToLower(v.Name)
	var err error
	if plan.pid, err = g.local("fadj_pid_"+name, intType); err != nil {
		return nil, err
	}
	for j := 1; j <= most; j++ {
		c, err := g.local(fmt.Sprintf("fadj_pcap_%s_%d", name, j), intType)
		if err != nil {
			return nil, err
		}
		plan.capVars = append(plan.capVars, c)
	}
	for _, x := range []struct {
		p    **ast.Ident
		name string
	}{{&adv.lo, "fadj_plo_"}, {&adv.hi, "fadj_phi_"}, {&adv.sect, "fadj_psec_"}} {
		if *x.p, err = g.local(x.name+name, intType); err != nil {
			return nil, err
		}
		plan.capVars = append(plan.capVars, *x.p) // pushed, popped and zeroed with the captures
	}
	plan.adv = adv
	return plan, nil
}

// selfSection returns the section of pointer statement s when s
// advances its pointer through its own target: p => p(a:b), without
// stride, a and b scalar integers calling no user function.
func (g *gen) selfSection(s *ast.PointerAssignStmt, is func(ast.Expr) bool) *ast.RangeExpr {
	c, ok := s.Rhs.(*ast.CallExpr)
	if !ok || !is(c.Fun) || len(c.Args) != 1 {
		return nil
	}
	r, ok := c.Args[0].(*ast.RangeExpr)
	if !ok || r.Stride != nil {
		return nil
	}
	for _, b := range []ast.Expr{r.Lo, r.Hi} {
		if b == nil {
			continue
		}
		if ty := g.info.TypeOf(b); ty == nil || !ty.IsInteger() || g.info.Rank(b) != 0 || g.callsUser(b) {
			return nil
		}
	}
	return r
}

// advanceParts returns what the plan of an advanced pointer adds to the
// replay parts of statement s (nil: the end of foo_fwd) on p, whose
// adjoint is pb: the new bounds before an advance, p's bounds after a
// base statement, and the section after the backward association.
func (plan *replayPlan) advanceParts(s ast.Stmt, p, pb ast.Expr) (pre, set, bwd []ast.Stmt, advanced bool) {
	a := plan.adv
	ps := printer.ExprString(p)
	lo, hi, sect := a.lo.Name, a.hi.Name, a.sect.Name
	if r := a.self[s]; r != nil {
		first, last := fmt.Sprintf("lbound(%s, 1)", ps), fmt.Sprintf("ubound(%s, 1)", ps)
		if r.Lo != nil {
			first = printer.ExprString(r.Lo)
		}
		if r.Hi != nil {
			last = printer.ExprString(r.Hi)
		}
		pre = parseStmts(fmt.Sprintf("%[2]s = %[1]s + ((%[4]s) - lbound(%[5]s, 1))\n%[1]s = %[1]s + ((%[3]s) - lbound(%[5]s, 1))\n%[6]s = 1\n",
			lo, hi, first, last, ps, sect))
		advanced = true
	} else if s != nil {
		if k := plan.ids[s] - 1; k >= 0 && plan.targets[k] != nil {
			set = parseStmts(fmt.Sprintf("%s = lbound(%s, 1)\n%s = ubound(%s, 1)\n%s = 0\n", lo, ps, hi, ps, sect))
		} else {
			set = parseStmts(fmt.Sprintf("%s = 0\n%s = 0\n%s = 0\n", lo, hi, sect))
		}
	}
	src := fmt.Sprintf("if (%s == 1) then\n%s => %s(%s:%s)\n", sect, ps, ps, lo, hi)
	if pb != nil {
		pbs := printer.ExprString(pb)
		src += fmt.Sprintf("%s => %s(%s:%s)\n", pbs, pbs, lo, hi)
	}
	bwd = parseStmts(src + "end if\n")
	return pre, set, bwd, advanced
}

// lowerBoundOne reports whether the pointer target t has lower bound 1:
// an array section, or a whole rank-1 array declared with lower bound 1
// (explicit or assumed shape).
func (g *gen) lowerBoundOne(t ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	if !ok {
		c, isCall := t.(*ast.CallExpr)
		if !isCall {
			return false
		}
		for _, a := range c.Args {
			if _, isRange := a.(*ast.RangeExpr); isRange {
				return true // a section
			}
		}
		return false
	}
	v := g.info.ObjectOf(id)
	if v == nil || len(v.Dims) != 1 {
		return false
	}
	d := v.Dims[0]
	switch d.Kind {
	case sema.ExplicitShape, sema.AssumedShape:
		return d.Lo.Expr == nil || d.Lo.Const && d.Lo.Value == 1
	}
	return false
}

// advanced reports whether a pointer statement associates v with a
// section of its own target (p => p(2:), with or without stride).
func (g *gen) advanced(v *sema.Symbol) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok && !found {
			id, isID := s.Lhs.(*ast.Ident)
			c, isCall := s.Rhs.(*ast.CallExpr)
			if isID && isCall && g.info.ObjectOf(id) == v && g.baseSym(c) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// reallocatedTarget reports whether a loop of the routine both
// associates pointer v with an ALLOCATABLE target and allocates or
// deallocates that target (an automatic TARGET array of a BLOCK in a
// loop, hoisted as an allocatable: inline/block_automatic.go). The
// backward sweep would make the association of the iteration before
// again (pointer_replay.go) before it allocates that iteration's target
// again: the pointer would be left with the freed storage.
func (g *gen) reallocatedTarget(v *sema.Symbol) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		d, ok := n.(*ast.DoConstruct)
		if !ok || found {
			return !found
		}
		targets := map[*sema.Symbol]bool{}
		ast.Inspect(&ast.Unit{Body: d.Body}, func(m ast.Node) bool {
			if s, ok := m.(*ast.PointerAssignStmt); ok {
				obj, _ := g.remapParts(s)
				id, isID := obj.(*ast.Ident)
				if t := g.baseSym(s.Rhs); isID && g.info.ObjectOf(id) == v && t != nil && t.Attrs.Has(sema.AttrAllocatable) {
					targets[t] = true
				}
			}
			return true
		})
		ast.Inspect(&ast.Unit{Body: d.Body}, func(m ast.Node) bool {
			if s, ok := m.(*ast.AllocateStmt); ok && s.Keyword != "nullify" {
				for _, o := range s.Objects {
					if c, isCall := o.(*ast.CallExpr); isCall {
						o = c.Fun
					}
					found = found || targets[g.baseSym(o)]
				}
			}
			return !found
		})
		return !found
	})
	return found
}
