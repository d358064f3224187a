package adjoint

// POINTER components in the snapshots of checkpointed loops and regions
// (CLM's waterstate_type: `real(r8), pointer :: h2osno_col(:) =>
// null()`, allocated by a type-bound Init and changed by the steps).
//
// Such a component owns its target (decl/ptrcomp.go: never associated
// by `=>`, nor copied by a whole-value assignment), so it is saved as an
// ALLOCATABLE component is (snap_realloc.go): its values when
// associated, its bounds and a flag; a restore that finds it
// disassociated, or associated with other bounds, deallocates and
// allocates it. The only difference is ASSOCIATED for ALLOCATED
// (decl.Associate), which snapOp.comp asks for.
