package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER variables of derived type (type(state), pointer :: cur) are
// reversed as real pointers (pointer.go): the adjoint is a pointer of the
// same type associated with the adjoint of the target; a joint call
// that may define the target through it saves the target component by
// component (pointerWholeSaves).

// pointerType returns the type of a generated pointer like v (the saved
// association of v or of its adjoint).
func pointerType(v *sema.Symbol) *ast.TypeSpec {
	if decl.IsDerived(v.Type) {
		return decl.DerivedType(v.Type)
	}
	return decl.Type(v, v.Type.IsComplex(), false)
}
