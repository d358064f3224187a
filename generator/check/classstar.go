package check

import (
	"github.com/fadj-dev/fadj/generator/sema"
)

// A CLASS(*) dummy has no declared type: nothing in it can be
// differentiated (the spec rejects it as an independent or dependent,
// and SELECT TYPE, the only way to its value, is not supported), but a
// routine may take one to pass along (a context for a logger). The
// driver passes it an integer, zero unless check.inputs or check.setup
// sets it, as a passive argument.

// unlimitedPassive reports whether dummy d is a CLASS(*) the driver can
// pass an integer to: neither ALLOCATABLE nor POINTER (whose actual
// must be CLASS(*) too), nor an independent or a dependent.
func unlimitedPassive(d *sema.Symbol, active bool) bool {
	t := d.Type
	return t != nil && t.IsDerived() && t.Class && t.Derived == nil && !active &&
		!d.Attrs.Has(sema.AttrAllocatable) && !d.Attrs.Has(sema.AttrPointer)
}
