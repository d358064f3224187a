package activity

import "github.com/fadj-dev/fadj/generator/sema"

// Aliases returns the variables that share one location with sym through
// pointer association or EQUIVALENCE (sym among them), nil if it shares
// it with none: the generators give each its own derivative, a pointer
// associated as the primal is.
func (pa *ProcActivity) Aliases(sym *sema.Symbol) []*sema.Symbol {
	if pa == nil || pa.pi == nil || sym == nil {
		return nil
	}
	a := pa.pi.a
	return a.members[a.canon(sym)]
}
