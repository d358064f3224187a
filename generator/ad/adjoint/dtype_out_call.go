package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A derived-type variable with ALLOCATABLE components passed to an
// intent(out) dummy (call two_stream(..., flux) in a loop over columns):
// the callee's entry deallocates the components, so the callee's adjoint
// ends with the adjoint's components deallocated, as they were on its
// entry, and the variable's too (the callee's adjoint runs it again);
// the caller's backward sweep goes on from the variable's value and
// allocation before the call, where the adjoints of the components must
// be allocated too. So the caller records the variable before the call
// and restores it after the callee's adjoint, the adjoint's components
// following, zero: the value the call discarded has no adjoint.

// outComponentSaves returns the records of each variable of call c
// passed whole to an intent(out) dummy, to put before the call, and its
// restoration with the adjoint's ALLOCATABLE components aligned, to put
// after the callee's adjoint.
func (g *gen) outComponentSaves(c *activeCall) (push, pop []ast.Stmt, err error) {
	for i, a := range c.args {
		id, ok := a.(*ast.Ident)
		if !ok || i >= len(c.callee.Unit.Args) {
			continue
		}
		ds := c.scope.LookupLocal(c.callee.Unit.Args[i].Lower())
		v := g.info.ObjectOf(id)
		if ds == nil || v == nil || ds.Intent != ast.IntentOut || !decl.IsDerived(v.Type) || len(decl.AllocPaths(v.Type)) == 0 || !g.hasAdj(v) || !inPattern(c.callee, ds) {
			continue
		}
		if decl.IsAllocatable(v) {
			// Its allocation too (it may not be allocated yet: an
			// init routine's), the adjoint following it, then each
			// element's components.
			p, q, err := g.saveAlloc(ast.NewIdent(id.Name), v, true, tape.Push, true)
			if err != nil {
				return nil, nil, err
			}
			push = append(push, p...)
			pop = append(append(pop, q...), decl.FollowAllocated(id.Name, g.aname(v), v, true, g.newIndex)...)
			continue
		}
		p, q, err := g.recordDerived(ast.NewIdent(id.Name), v.Rank(), v.Type, tape.Push, false)
		if err != nil {
			return nil, nil, err
		}
		push = append(push, p...)
		pop = append(append(pop, q...), decl.FollowComponents(id.Name, g.aname(v), v, true, g.newIndex)...)
	}
	return push, pop, nil
}
