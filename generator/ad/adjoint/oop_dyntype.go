package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// retypeDynamic declares the dummies of this version whose dynamic type
// the program fixes, and their adjoints, TYPE(T) in its units us
// (ad/decl/oop_dyntype.go).
func (g *gen) retypeDynamic(us []*ast.Unit) {
	for _, u := range us {
		decl.RetypeDynamic(g.info, g.scope, u, func(s *sema.Symbol) []string { return []string{g.aname(s)} })
	}
}

// orderModules orders the units of the generated file so that each
// derivative module follows those it uses (ad/decl/oop_dyntype.go).
func orderModules(prog *sema.Program, units []*ast.Unit) ([]*ast.Unit, error) {
	return decl.OrderModulesAt(prog, units)
}
