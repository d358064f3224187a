package adjoint

import "github.com/fadj-dev/fadj/generator/sema"

// stateless reports whether component c is an ALLOCATABLE CLASS(t)
// component of a type t without components whose extensions have none
// either: a strategy object (a limiter, a scheme chosen at set-up:
// `allocate(minmod :: self%lim)`) whose only content is its dynamic type,
// which selects bindings. A record of its parent value has no data of it
// to hold (an ALLOCATE of it again where the record is replayed fails at
// run time).
func stateless(c *sema.Symbol) bool {
	return c.Attrs.Has(sema.AttrAllocatable) && c.Type != nil && c.Type.Class && c.Type.Derived != nil &&
		len(c.Dims) == 0 && c.Type.Derived.Stateless
}
