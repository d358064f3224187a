package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Replayed local pointers in split mode (pointer_replay.go). foo_bwd is a
// new activation: its locals start undefined, so a pointer whose
// association foo_fwd made (flat => psi after a solver loop, for a mean
// removal through it) was nullified at the start of foo_bwd, and its
// adjoint, associated in foo_fwd, was not declared there. foo_fwd now
// makes no adjoint association and pushes, at its end, the number of the
// statement that made each replayed pointer's last association (and its
// captured subscripts); foo_bwd pops it and associates the pointer and
// its adjoint as that statement did, before its backward sweep.

// fwdAssoc returns the association assoc of a replayed pointer's adjoint
// with the adjoint of target t in the forward sweep (guarded as
// pointer_alloc_target.go says): none in foo_fwd.
func (g *gen) fwdAssoc(t ast.Expr, assoc *ast.PointerAssignStmt) []ast.Stmt {
	if g.split {
		return nil
	}
	return []ast.Stmt{g.guardedAssoc(t, assoc)}
}

// splitReplays returns the pushes ending foo_fwd and the replays starting
// foo_bwd's backward sweep of the routine's replayed local pointers.
func (g *gen) splitReplays() (push, replay []ast.Stmt, err error) {
	var ptrs []*sema.Symbol
	for v := range g.replays {
		if g.splitReplayed(v) {
			ptrs = append(ptrs, v)
		}
	}
	sort.Slice(ptrs, func(i, j int) bool { return ptrs[i].Name < ptrs[j].Name })
	for _, v := range ptrs {
		p, _, b, err := g.replayParts(nil, ast.NewIdent(v.Name), v, g.replays[v])
		if err != nil {
			return nil, nil, err
		}
		push, replay = append(push, p...), append(b, replay...)
	}
	mp, mr, err := g.splitModPtrEnds() // split_ptr_module.go
	if err != nil {
		return nil, nil, err
	}
	return append(push, mp...), append(mr, replay...), nil
}

// splitReplayed reports whether foo_bwd replays the association of
// pointer v (splitReplays): a local of the routine without SAVE whose
// associations the sweeps replay.
func (g *gen) splitReplayed(v *sema.Symbol) bool {
	return g.replays[v] != nil && v.Owner == g.scope && !v.IsDummy() && !v.Attrs.Has(sema.AttrSave)
}
