package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A work array deallocated at the end of the routine while a pointer
// still points into it (p => work(1:n) ... deallocate(work)): the
// backward sweep allocates work and work_b anew where it reverses the
// DEALLOCATE, at other addresses, and p and p_b, which it reads and
// writes before it reverses the association, pointed at the freed
// memory. After that allocation the backward sweep associates the
// replayed pointers whose targets are in the array again, as the
// current association's statement did (the replayed number).

// reassocDealloc returns the association anew of each replayed local
// pointer with a target in x (an allocatable a, or component g%a) and
// of its adjoint (once x's adjoint is allocated), for the backward sweep
// after x is allocated again.
func (g *gen) reassocDealloc(x ast.Expr) ([]ast.Stmt, error) {
	name := strings.ToLower(printer.ExprString(x))
	var ptrs []*sema.Symbol
	for p, plan := range g.replays {
		if plan == nil || p.IsDummy() || p.Owner != g.scope || len(plan.capVars) > 0 || len(plan.from) > 0 {
			continue
		}
		for _, t := range plan.targets {
			if t != nil && strings.ToLower(printer.ExprString(g.allocatedPart(t))) == name {
				ptrs = append(ptrs, p)
				break
			}
		}
	}
	sort.Slice(ptrs, func(i, j int) bool { return ptrs[i].Name < ptrs[j].Name })
	var out []ast.Stmt
	for _, p := range ptrs {
		plan := g.replays[p]
		_, _, bwd, err := g.replayParts(nil, ast.NewIdent(p.Name), p, plan)
		if err != nil {
			return nil, err
		}
		if len(bwd) > 1 {
			out = append(out, g.guardedSel(bwd[1], p, plan)) // wrf_comp_target.go
		}
	}
	return out, nil
}

// allocatedPart returns target t without its subscripts (a of a(1:n),
// g%a of g%a(1:n)): the object a DEALLOCATE names.
func (g *gen) allocatedPart(t ast.Expr) ast.Expr {
	if c, ok := t.(*ast.CallExpr); ok && g.info.Calls[c].Kind == sema.ArrayElement {
		return c.Fun
	}
	return t
}
