package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// inDummy reports whether v is an INTENT(IN) dummy, which nothing in
// the routine defines. modref takes every argument of a user function
// as defined (functionArgs); a checkpointed loop calling a pure
// function with a type of tunables (rho = rho_lin(t, s, par)) put
// par's components in its snapshots, and restoring them into the
// INTENT(IN) dummy did not compile ("Dummy argument 'par' with
// INTENT(IN) in variable definition context").
func inDummy(v *sema.Symbol) bool {
	return v.IsDummy() && v.Intent == ast.IntentIn
}
