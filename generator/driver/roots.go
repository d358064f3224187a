package driver

import (
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/sema"
)

// roots returns the targets' routines: their users call them with
// procedures of their own, so their dummy procedures are bound to none
// (sema.BindDummyProcedures).
func roots(b *bind.Program) []*sema.Symbol {
	var out []*sema.Symbol
	for _, t := range b.Targets {
		out = append(out, t.Routine)
	}
	return out
}
