package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointer statements inside loops (the buffer swaps of time loops:
// old => a; new => b, exchanged each step). One saved pair per statement
// (pointer.go) cannot hold the association of every iteration, but when
// every association of a local pointer p is with null() or a designator
// of a TARGET of the routine whose subscripts never change, the backward
// sweep can make it again from the statement's number: each pointer
// statement on p pushes the number of the statement that made p's
// current association (fadj_pid_p, 0 for none), sets it to its own, and
// the backward sweep pops it and associates p and p_b as that statement
// did (a SELECT CASE on the number).

// replayPlan is how the associations of one local pointer are replayed.
type replayPlan struct {
	pid     *ast.Ident
	ids     map[ast.Stmt]int // the pointer statements on p, from 1
	targets []ast.Expr       // each one's target (nil: null())
	// caps are, for an active local pointer, the subscripts of each
	// target that change (h => bl(ib)%h in a loop over ib), by target,
	// as argument positions of its array reference; capVars hold the
	// current association's values of them (replay_capture.go).
	caps    map[int][]capture
	capVars []*ast.Ident
	// from holds the statements associating the pointer with another
	// of its group, by that pointer (pointer_group.go).
	from map[ast.Stmt]*sema.Symbol
	// bounds are the bounds each statement gives p, by target
	// (p(1:n) => a: pointer_remap.go).
	bounds map[int][]ast.Expr
	// adv is set for a pointer advanced through its own target (p =>
	// p(2:): ptr_advance.go).
	adv *ptrAdvance
}

// replay returns the replay plan of pointer v, nil if its associations
// cannot be replayed (a dummy, an ALLOCATE, a target that is a pointer,
// not a TARGET of the routine, or with subscripts that change).
func (g *gen) replay(v *sema.Symbol) (*replayPlan, error) {
	if plan, ok := g.replays[v]; ok {
		return plan, nil
	}
	if g.replays == nil {
		g.replays = map[*sema.Symbol]*replayPlan{}
	}
	is := func(x ast.Expr) bool {
		id, _ := x.(*ast.Ident)
		return id != nil && g.info.ObjectOf(id) == v
	}
	plan, err := g.replayOf("fadj_pid_"+strings.ToLower(v.Name), is, !v.IsDummy(), g.hasAdj(v))
	if err != nil {
		return nil, err
	}
	if plan == nil && !v.IsDummy() && g.hasAdj(v) && !g.remapped(v) { // (pointer_remap.go)
		if plan, err = g.captureReplay(v, is); err != nil { // replay_capture.go
			return nil, err
		}
		if plan == nil {
			if plan, err = g.advanceReplay(v, is); err != nil { // ptr_advance.go
				return nil, err
			}
		}
	}
	if plan == nil && !v.IsDummy() {
		if plan, err = g.groupReplay(v); err != nil { // pointer_group.go
			return nil, err
		}
	}
	if plan == nil && !v.IsDummy() && !g.hasAdj(v) && !v.Attrs.Has(sema.AttrSave) && !g.remapped(v) {
		if plan, err = g.advanceReplay(v, is); err != nil { // ptr_advance.go (a passive one)
			return nil, err
		}
	}
	if plan != nil && (g.hasAdj(v) || plan.adv != nil) && g.reallocatedTarget(v) { // ptr_advance.go
		plan = nil
	}
	g.replays[v] = plan
	return plan, nil
}

// replayOf returns the replay plan of the pointer the objects of
// pointer statements is matches (its number's variable named name),
// nil if its associations cannot be replayed (or not ok). active tells
// whether the pointer has an adjoint, whose targets must have one.
func (g *gen) replayOf(name string, is func(ast.Expr) bool, ok, active bool) (*replayPlan, error) {
	plan := &replayPlan{ids: map[ast.Stmt]int{}}
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.PointerAssignStmt:
			obj, bounds := g.remapParts(s) // pointer_remap.go
			if is(obj) {
				t := s.Rhs
				if isNull(t) {
					t = nil
				} else if !g.replayable(t, active) || !g.invariantBounds(bounds) {
					ok = false
				}
				plan.targets = append(plan.targets, t)
				plan.ids[s] = len(plan.targets)
				plan.setBounds(len(plan.targets)-1, bounds)
			}
		case *ast.AllocateStmt:
			for _, o := range s.Objects {
				if c, isCall := o.(*ast.CallExpr); isCall {
					o = c.Fun // allocate(p(n))
				}
				if is(o) {
					if s.Keyword != "nullify" {
						ok = false
					}
					plan.targets = append(plan.targets, nil)
					plan.ids[s] = len(plan.targets)
				}
			}
		}
		return ok
	})
	if !ok {
		return nil, nil
	}
	pid, err := g.local(name, intType)
	if err != nil {
		return nil, err
	}
	plan.pid = pid
	return plan, nil
}

func isNull(t ast.Expr) bool {
	c, ok := t.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	id, ok := c.Fun.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, "null")
}

// replayable reports whether pointer target t can be associated again
// anywhere in the backward sweep: a TARGET of the routine (with an
// adjoint when active, that of an active pointer; a passive pointer's
// may be a module variable the routine sees by its name), whole or with
// subscripts the routine never changes.
func (g *gen) replayable(t ast.Expr, active bool) bool {
	v := g.baseSym(t)
	if v == nil || v.Attrs.Has(sema.AttrPointer) || (active && !g.hasAdj(v)) {
		return false
	}
	if v.Owner != g.scope && (active || g.scope.Lookup(v.Name) != v) {
		return false
	}
	switch t := t.(type) {
	case *ast.Ident:
		return true
	case *ast.CallExpr:
		for _, a := range t.Args {
			r, isRange := a.(*ast.RangeExpr)
			if !isRange {
				if !g.invariant(a) {
					return false
				}
				continue
			}
			for _, b := range []ast.Expr{r.Lo, r.Hi, r.Stride} {
				if b != nil && !g.invariant(b) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// replayParts returns, for pointer statement s on p whose plan is plan,
// the push of p's association number before s, its setting after s, and
// the backward code: the number popped, p and p_b associated anew (p
// only when passive: pointer_passive.go).
func (g *gen) replayParts(s ast.Stmt, p *ast.Ident, v *sema.Symbol, plan *replayPlan) (push, set, bwd []ast.Stmt, err error) {
	var pb ast.Expr
	if g.hasAdj(v) {
		pb = ast.NewIdent(g.aname(v))
	}
	return g.replayPartsOf(s, ast.NewIdent(p.Name), pb, plan)
}

// replayPartsOf is replayParts for pointer reference p (a variable or a
// component, f%v) and its adjoint pb, nil for a passive pointer.
func (g *gen) replayPartsOf(s ast.Stmt, p, pb ast.Expr, plan *replayPlan) (push, set, bwd []ast.Stmt, err error) {
	sel := &ast.SelectCase{Selector: ast.NewIdent(plan.pid.Name), End: ast.EndStmt{Keyword: "select"}}
	for k, t := range plan.targets {
		if t == nil {
			continue
		}
		t = plan.captured(g.info, k, t) // replay_capture.go
		body := []ast.Stmt{&ast.PointerAssignStmt{Lhs: plan.withBounds(k, p), Rhs: ast.Clone(t)}}
		if pb != nil {
			tb, err := g.adjRef(t)
			if err != nil {
				return nil, nil, nil, err
			}
			body = append(body, &ast.PointerAssignStmt{Lhs: plan.withBounds(k, pb), Rhs: tb})
		}
		sel.Cases = append(sel.Cases, &ast.CaseBlock{Values: []ast.Expr{deriv.Int(k + 1)}, Body: body})
	}
	null := nullify(ast.Clone(p))
	if pb != nil {
		null = nullify(ast.Clone(p), ast.Clone(pb))
	}
	sel.Cases = append(sel.Cases, &ast.CaseBlock{Default: true, Body: []ast.Stmt{null}})
	push = []ast.Stmt{pushInt(ast.NewIdent(plan.pid.Name))}
	set = []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(plan.pid.Name), Rhs: deriv.Int(plan.ids[s])}}
	if gs, ok := g.groupSet(plan, s); ok { // pointer_group.go
		set = []ast.Stmt{gs}
	}
	bwd = []ast.Stmt{popInt(ast.NewIdent(plan.pid.Name)), sel}
	cp, cs, cq := plan.captureParts(s) // replay_capture.go
	push, set, bwd = append(push, cp...), append(set, cs...), append(cq, bwd...)
	if plan.adv != nil {
		pre, as, ab, advanced := plan.advanceParts(s, p, pb) // ptr_advance.go
		if advanced {
			set = nil // (the number stays the base statement's)
		}
		push, set, bwd = append(push, pre...), append(set, as...), append(bwd, ab...)
	}
	return push, set, bwd, nil
}
