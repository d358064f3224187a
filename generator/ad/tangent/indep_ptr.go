package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// zeroPointerDummy zeroes the tangent name of POINTER dummy s whose value
// on entry is passive (a dependent that is not an independent): the
// caller's tangent follows the caller's pointer, as the adjoint's does
// (docs/adjoint.md, "Allocatable and pointer variables"), so it is
// zeroed where s is associated (allocated like s if the caller left it
// unassociated) and nullified where s is not. Nullifying it whatever s
// was left the body writing through a null pointer.
func zeroPointerDummy(name string, s *sema.Symbol) []ast.Stmt {
	x, xd := ast.NewIdent(s.Name), ast.NewIdent(name)
	then := []ast.Stmt{
		decl.If(decl.Not(deriv.Call("associated", xd)), decl.AllocateMold(ast.NewIdent(name), x)),
		zeroTangent(name, s.Type),
	}
	nullify := &ast.AllocateStmt{Keyword: "nullify", Objects: []ast.Expr{ast.NewIdent(name)}}
	return []ast.Stmt{decl.IfElse(deriv.Call("associated", x), then, []ast.Stmt{nullify})}
}
