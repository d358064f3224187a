package adjoint

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An allocatable derived-type scalar whose allocation the steps change
// (a work record allocated and freed in each step, a forcing record
// allocated by the first step that needs it).
//
// Its components are saved under allocated(q), as when the steps keep
// its allocation (snap_types.go), and then, last, a flag, 1 when q is
// allocated, on the i4 snapshot stack (a save with an allocation,
// snap_realloc.go): a restore reads the flag first and allocates or
// deallocates q to match, then the components (an allocatable one with
// its own allocation). A release pops the flag into a local of q's,
// fadj_sna_q, and the releases of the components test it instead of
// allocated(q), which tells the state now, not the snapshot's. Passive
// variables only: an active one would need its adjoint to follow.

// allocVarFlag returns the flag op of allocatable scalar v and sets the
// release guard of v's other ops, or the error why it cannot be saved.
func (g *gen) allocVarFlag(v *sema.Symbol, ops []snapOp, keep error) ([]snapOp, error) {
	if v.Rank() > 0 || g.hasAdj(v) {
		return nil, keep
	}
	f, err := g.local("fadj_sna_"+v.Name, intType)
	if err != nil {
		return nil, err
	}
	if err := g.reallocLocals(0); err != nil {
		return nil, err
	}
	for i := range ops {
		ops[i].dropGuard = eq(ast.NewIdent(f.Name), deriv.Int(1))
	}
	flag := snapOp{realloc: true, flagOf: v.Name, flagVar: f.Name}
	flag.Ref = ast.NewIdent(v.Name)
	return append(ops, flag), nil
}

// flagText returns the save (push) or restore (pop, peek) of flag op op.
func (op snapOp) flagText(verb string) string {
	q := op.flagOf
	if verb == "push" {
		return fmt.Sprintf("if (allocated(%s)) then\ncall fadj_snap_push_i4(1)\nelse\ncall fadj_snap_push_i4(0)\nend if\n", q)
	}
	return fmt.Sprintf(`call fadj_snap_%s_i4(fadj_snf)
if (fadj_snf == 1) then
if (.not. allocated(%s)) allocate(%s)
else
if (allocated(%s)) deallocate(%s)
end if
`, verb, q, q, q, q)
}

// flagDrop returns the release of flag op op.
func (op snapOp) flagDrop() string {
	return fmt.Sprintf("call fadj_snap_pop_i4(%s)\n", op.flagVar)
}

// forDrop returns op with its release guard in place of its guard.
func (op snapOp) forDrop() snapOp {
	if op.dropLoops != nil {
		op.loops = op.dropLoops // (snap_alloc_layers.go)
	}
	if op.dropGuard != nil {
		op.guard = op.dropGuard
	}
	return op
}
