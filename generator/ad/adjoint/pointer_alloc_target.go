package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An active local pointer associated with (a section of) an ALLOCATABLE
// local TARGET, as a Runge-Kutta stage does (cur => q1(1:nx, 1:ny)):
// the target's adjoint q1_b is allocated at the start of the backward
// sweep only, so the forward sweep cannot associate cur_b with it
// (gfortran -fcheck=all stops there; without it cur_b points nowhere).
// The forward sweep associates cur_b only when q1_b is allocated (the
// steps of a checkpointed loop run again in the backward sweep), and
// once q1_b is allocated, the backward sweep associates cur_b as the
// current association's statement did (the replayed number fadj_pid_cur,
// pointer_replay.go).

// allocLocalTarget returns the ALLOCATABLE local with an adjoint that
// pointer target t designates, nil if t is not one.
func (g *gen) allocLocalTarget(t ast.Expr) *sema.Symbol {
	v := g.baseSym(t)
	if v == nil || v.IsDummy() || v.Owner != g.scope || isGlobal(v) || !decl.IsAllocatable(v) || v.Attrs.Has(sema.AttrPointer) || !g.hasAdj(v) {
		return nil
	}
	return v
}

// guardedAssoc returns assoc, the association of an adjoint pointer
// with the adjoint of target t, under IF (allocated(t_b)) when t is an
// allocatable local.
func (g *gen) guardedAssoc(t ast.Expr, assoc ast.Stmt) ast.Stmt {
	test := g.allocTargetTest(t) // wrf_comp_target.go
	if test == nil {
		return assoc
	}
	return &ast.IfStmt{Cond: test, Action: assoc}
}

// reassocInits adds to the start of the backward sweep (after the
// adjoints of allocatable locals are allocated) the association of each
// replayed active pointer's adjoint that the current association makes
// with an allocatable local's adjoint.
func (g *gen) reassocInits(r *routine) error {
	var vars []*sema.Symbol
	for v, plan := range g.replays {
		if plan != nil && g.hasAdj(v) && !v.IsDummy() {
			vars = append(vars, v)
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	for _, v := range vars {
		plan := g.replays[v]
		sel := &ast.SelectCase{Selector: ast.NewIdent(plan.pid.Name), End: ast.EndStmt{Keyword: "select"}}
		for k, t := range plan.targets {
			if t == nil || g.allocTargetAdj(t) == nil {
				continue
			}
			tb, err := g.adjRef(plan.captured(g.info, k, t))
			if err != nil {
				return err
			}
			assoc := g.guardedAssoc(t, &ast.PointerAssignStmt{Lhs: ast.NewIdent(g.aname(v)), Rhs: tb}) // (deallocated at the end)
			sel.Cases = append(sel.Cases, &ast.CaseBlock{Values: []ast.Expr{deriv.Int(k + 1)}, Body: []ast.Stmt{assoc}})
		}
		if len(sel.Cases) > 0 {
			r.inits = append(r.inits, sel)
		}
	}
	return nil
}
