package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Rotated pointers. Leapfrog and multi-level time stepping name the time
// levels by pointers rotated each step without naming a target:
//
//	tmp => old; old => now; now => new; new => tmp
//
// A pointer associated with another pointer has no replay plan of its
// own (pointer_replay.go: its target is a pointer). The pointers that
// such statements connect form a group, replayed together when every
// other statement on them associates one with null() or with a target
// the plan can associate again: the group's targets are numbered once,
// in the order of their statements, each pointer keeps the number of its
// current target (fadj_pid_<p>), p => target sets it to the target's
// number and p => q to q's. The backward sweep pops it and associates p
// (and p_b) with that target, as for one pointer.

// groupReplay returns the replay plan of local pointer v when it belongs
// to such a group, nil if not (or if a statement on the group does not
// qualify); it sets the plans of the group's other pointers too.
func (g *gen) groupReplay(v *sema.Symbol) (*replayPlan, error) {
	group := g.pointerGroup(v)
	if len(group) < 2 {
		return nil, nil
	}
	active := g.hasAdj(v)
	plans := map[*sema.Symbol]*replayPlan{}
	for _, p := range group {
		if g.hasAdj(p) != active {
			return nil, nil
		}
		plans[p] = &replayPlan{ids: map[ast.Stmt]int{}, from: map[ast.Stmt]*sema.Symbol{}}
	}
	var targets []ast.Expr
	ok := true
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.PointerAssignStmt:
			p := g.localPointer(s.Lhs)
			if plans[p] == nil {
				break
			}
			switch q := g.localPointer(s.Rhs); {
			case plans[q] != nil:
				plans[p].from[s] = q
			case isNull(s.Rhs):
				targets = append(targets, nil)
				plans[p].ids[s] = len(targets)
			case g.replayable(s.Rhs, active):
				targets = append(targets, s.Rhs)
				plans[p].ids[s] = len(targets)
			default:
				ok = false
			}
		case *ast.AllocateStmt:
			for _, o := range s.Objects {
				if c, isCall := o.(*ast.CallExpr); isCall {
					o = c.Fun
				}
				if p := g.localPointer(o); plans[p] != nil {
					ok = ok && s.Keyword == "nullify"
					targets = append(targets, nil)
					plans[p].ids[s] = len(targets)
				}
			}
		}
		return ok
	})
	if !ok {
		return nil, nil
	}
	for _, p := range group {
		pid, err := g.local("fadj_pid_"+strings.ToLower(p.Name), intType)
		if err != nil {
			return nil, err
		}
		plans[p].pid, plans[p].targets = pid, targets
		g.replays[p] = plans[p]
	}
	return plans[v], nil
}

// pointerGroup returns the local pointers that pointer statements
// associating one with another connect to v, v first; nil if one of
// them is not a local pointer without SAVE of the routine.
func (g *gen) pointerGroup(v *sema.Symbol) []*sema.Symbol {
	edges := map[*sema.Symbol][]*sema.Symbol{}
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok {
			p, q := g.localPointer(s.Lhs), g.localPointer(s.Rhs)
			if p != nil && q != nil {
				edges[p], edges[q] = append(edges[p], q), append(edges[q], p)
			}
		}
		return true
	})
	group := []*sema.Symbol{v}
	seen := map[*sema.Symbol]bool{v: true}
	for i := 0; i < len(group); i++ {
		for _, q := range edges[group[i]] {
			if !seen[q] {
				seen[q] = true
				group = append(group, q)
			}
		}
	}
	for _, p := range group {
		if p.IsDummy() || p.Attrs.Has(sema.AttrSave) || p.Owner != g.scope || isGlobal(p) || g.remapped(p) { // (pointer_remap.go)
			return nil
		}
	}
	return group
}

// localPointer returns the pointer variable x names whole, nil if x is
// not a name of a pointer.
func (g *gen) localPointer(x ast.Expr) *sema.Symbol {
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	s := g.info.ObjectOf(id)
	if s == nil || s.Kind != sema.VarSym || !s.Attrs.Has(sema.AttrPointer) {
		return nil
	}
	return s
}

// groupSet returns the setting of p's number after pointer statement s of
// plan, when s associates p with another pointer of its group: q's
// number.
func (g *gen) groupSet(plan *replayPlan, s ast.Stmt) (ast.Stmt, bool) {
	q := plan.from[s]
	if q == nil || g.replays[q] == nil {
		return nil, false
	}
	return &ast.AssignStmt{Lhs: ast.NewIdent(plan.pid.Name), Rhs: ast.NewIdent(g.replays[q].pid.Name)}, true
}
