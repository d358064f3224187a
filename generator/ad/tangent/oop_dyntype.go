package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// retypeDynamic declares the dummies of the routine whose dynamic type
// the program fixes, and their tangents, TYPE(T) in its tangent u
// (ad/decl/oop_dyntype.go).
func (g *gen) retypeDynamic(u *ast.Unit) {
	decl.RetypeDynamic(g.info, g.scope, u, func(s *sema.Symbol) []string { return []string{g.tname(s)} })
}
