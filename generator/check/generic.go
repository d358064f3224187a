package check

import "github.com/fadj-dev/fadj/generator/sema"

// publicGeneric returns the name of a public generic interface of module
// m that has PRIVATE module procedure sym as a specific, "" if none: the
// driver calls the target by it, as the model's callers do, and the
// call resolves to sym by its arguments' types, kinds and ranks (which
// are the target's own).
func publicGeneric(m, sym *sema.Symbol) string {
	if m.Inner == nil {
		return ""
	}
	for _, g := range m.Inner.Symbols() {
		if g.Kind != sema.GenericSym || g.Proc == nil || g.Attrs.Has(sema.AttrPrivate) ||
			m.Inner.DefaultPrivate() && !g.Attrs.Has(sema.AttrPublic) {
			continue
		}
		for _, sp := range g.Proc.Specifics {
			if sp == sym {
				return g.Name
			}
		}
	}
	return ""
}
