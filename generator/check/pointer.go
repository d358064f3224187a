package check

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER variables the driver sets (docs/check.md, "Allocatable and
// pointer variables"): a POINTER dummy, module variable or component is
// allocated by the driver as an allocatable is (alloc.go), so that it
// points to a target of its own, distinct from every other variable's;
// a routine that re-associates it is checked on what it points to after
// the call, as for an allocatable it reallocates.

// pointerName reports whether the driver's name n for Alloc a (one of
// allocNames) is a POINTER: all of a pointer dummy's and a pointer
// component's names (the driver declares them, or they are components
// of the same type), but only the module variable itself for a pointer
// module variable, whose derivatives the generated modules declare
// ALLOCATABLE.
func (a *Arg) pointerName(n string) bool {
	if !a.Pointer {
		return false
	}
	if a.Global != "" && !a.Leaf && a.Class != Record {
		return n == a.Name
	}
	return true
}

// allocTest is the intrinsic that tells whether a is allocated.
func (a *Arg) allocTest() string {
	if a.Pointer {
		return "associated"
	}
	return "allocated"
}

// keptOnly returns the dependents' values vals (in the order printDeps
// writes them) with zero for those the adjoint need not leave as the
// primal computes them: pointers, and the components of a pointer record
// or of a record whose type has pointer components (docs/adjoint.md: the
// adjoint keeps its outputs by assignment, which would copy an
// association, not values). nil if vals has not the dependents' length.
func (p *Program) keptOnly(vals []float64) []float64 {
	rec := map[string]*Arg{}
	for _, a := range p.Args {
		if a.Class == Record {
			rec[a.Name] = a
		}
	}
	out := append([]float64(nil), vals...)
	i := 0
	for _, a := range p.Args {
		if !a.Dependent {
			continue
		}
		n := a.Size
		if a.Complex {
			n *= 2
		}
		unkept := a.Pointer
		if base, _, ok := strings.Cut(a.Name, "%"); ok && a.Leaf && rec[base] != nil {
			unkept = unkept || rec[base].Pointer || rec[base].ptrComps
		}
		for k := i; k < i+n && k < len(out); k++ {
			if unkept {
				out[k] = 0
			}
		}
		i += n
	}
	if i != len(vals) {
		return vals
	}
	return out
}

// hasPointerComp reports whether type ts has a POINTER component at any
// depth.
func hasPointerComp(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		switch {
		case c.Kind != sema.ComponentSym || c.Type == nil:
		case c.Attrs.Has(sema.AttrPointer):
			return true
		case c.Type.IsDerived() && c.Type.Derived != nil && depth < 8 && hasPointerComp(c.Type.Derived, depth+1):
			return true
		}
	}
	return false
}
