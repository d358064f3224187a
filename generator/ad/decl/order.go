package decl

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Leading returns how many of decls, from the first, are USE, IMPORT and
// IMPLICIT statements: those of an original's specification part that
// must precede the interface block a derivative routine adds.
func Leading(decls []ast.Stmt) int {
	n := 0
	for _, d := range decls {
		switch d.(type) {
		case *ast.UseStmt, *ast.ImportStmt, *ast.ImplicitStmt:
			n++
		default:
			return n
		}
	}
	return n
}
