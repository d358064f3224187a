package adjoint

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointers among module variables in reverse mode are not supported yet
// (tangent mode mirrors their associations: tangent/ptr_module.go). The
// backward sweep would need, at each joint call of a routine that may
// change their associations (the buffer swap of a step routine), the
// associations before the call, which this routine cannot save in a
// pointer of its own when the call is in a loop, and the values of
// every target they may designate, which the TBR analysis, by name,
// does not see. So an active module pointer is rejected at its
// declaration.

// checkModulePointers rejects active global s if it shares its location
// with a module pointer (the activity analysis lists one variable of
// such a set).
func (g *gen) checkModulePointers(s *sema.Symbol) error {
	var errs diag.List
	for _, m := range append([]*sema.Symbol{s}, g.pa.Aliases(s)...) {
		if m.Kind == sema.VarSym && m.Module() != nil && m.Attrs.Has(sema.AttrPointer) && isFloat(m.Type) {
			errs.AddErr(g.fset, m.Pos, notSupported("active pointer module variable '%s::%s' in reverse mode", m.Module().Name, m.Name))
		}
	}
	return errs.Err()
}
