package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module pointers in split mode (ptr_module.go for the sets). foo_bwd
// must see the associations foo_fwd left, whatever the caller did in
// between: foo_fwd pushes, at its end, the number of each set pointer's
// association, and foo_bwd pops it and associates the pointer and its
// adjoint again before its backward sweep (as split_replay.go does for
// local pointers). A caller of a split call that may reach a set pushes
// the numbers and the targets' values before foo_fwd and restores them
// after foo_bwd, for its own backward sweep before the call (as
// aroundCall does for the other module variables).

// splitModPtrEnds returns the pushes ending foo_fwd and the pops and
// associations starting foo_bwd of the routine's module pointer sets.
func (g *gen) splitModPtrEnds() (push, replay []ast.Stmt, err error) {
	sets, err := g.modPtrSets()
	if err != nil {
		return nil, nil, nil // (reported with the active variables)
	}
	for _, set := range sets {
		p, q, err := g.modPtrNumbers(set, tape.Push)
		if err != nil {
			return nil, nil, err
		}
		push, replay = append(push, p...), append(q, replay...)
	}
	return push, replay, nil
}

// splitModPtrAround returns, for split call s, the pushes before foo_fwd
// and the pops after foo_bwd of the associations of the pointers and
// the values of the targets of the sets s may reach.
func (g *gen) splitModPtrAround(s *ast.CallStmt) (push, pop []ast.Stmt, err error) {
	for _, set := range g.modPtrReached(s) {
		np, nq, err := g.modPtrNumbers(set, tape.Push)
		if err != nil {
			return nil, nil, err
		}
		vp, vq, err := g.modPtrValues(set, false)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(append(push, np...), vp...), append(append(vq, nq...), pop...)
	}
	return push, pop, nil
}

// splitLocalModPtr reverses, in a routine reversed in split mode, pointer
// statement s on local pointer p of a set (tmp => cur to swap two module
// pointers): its association is a number too, pushed before s and popped
// and made again in foo_bwd, where the saved association of a local
// pointer foo_fwd would keep (pointerSave) is gone. foo_fwd does not
// declare p's adjoint: s is not mirrored on it, foo_bwd associates the
// pointers' adjoints from the numbers. ok is false if p is none.
func (g *gen) splitLocalModPtr(s ast.Stmt, p *sema.Symbol) (fwd, bwd []ast.Stmt, ok bool, err error) {
	if !g.split || p.Module() != nil || !p.Attrs.Has(sema.AttrPointer) {
		return nil, nil, false, nil
	}
	set := g.modPtrSetOf(p)
	if set == nil {
		return nil, nil, false, nil
	}
	n, num, err := g.modPtrNumber(p, set)
	if err != nil {
		return nil, nil, true, err
	}
	fwd = append(append(num, pushInt(n)), s)
	bwd = []ast.Stmt{popInt(ast.NewIdent(n.Name)), g.modPtrAssoc(p, set, n, true)}
	return labelled(s, fwd), bwd, true, nil
}

// splitLocalRhs reports whether rhs, the target of a module pointer in a
// routine reversed in split mode, is a local pointer, whose adjoint
// foo_fwd does not declare (splitLocalModPtr): the mirror is left out.
func (g *gen) splitLocalRhs(rhs ast.Expr) bool {
	id, ok := rhs.(*ast.Ident)
	if !g.split || !ok {
		return false
	}
	v := g.info.ObjectOf(id)
	return v != nil && v.Module() == nil
}
