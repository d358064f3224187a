package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Functions with an ALLOCATABLE array result (`real(8), allocatable ::
// r(:)`). The adjoint f_b(args, adjoints, fadj_result_b) keeps r a local
// allocatable, as the function had it; the result's adjoint comes in as
// an assumed-shape array (a function with an allocatable result has an
// explicit interface, so its adjoint has one too). The forward sweep
// leaves r allocated as the function returns it, the start of the
// backward sweep allocates r_b zero with r's bounds (allocAdjInit, a
// local's), and the seed r_b = fadj_result_b keeps those bounds (the
// shapes agree). The caller hoists each reference into an allocatable
// temporary, as for an explicit-shape result (funcref_hoist.go).

// allocResult reports whether s is an allocatable array (not a pointer):
// a function result of this kind is supported.
func allocResult(s *sema.Symbol) bool {
	return decl.IsAllocatable(s) && !s.Attrs.Has(sema.AttrPointer) && s.Rank() > 0
}
