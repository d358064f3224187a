package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Type returns the type of the derivative of variable s (real, or
// complex when complex is set): of s's kind, spelled with the named
// constant of s's declaration (real(dp)) when the derivative is declared
// where s's own declaration is (sameScope), else with the kind's value
// (real(8)), which needs no name in scope.
func Type(s *sema.Symbol, complex, sameScope bool) *ast.TypeSpec {
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(s.Type.Kind)}
	if complex {
		ts.Kind = ast.Complex
	}
	if sameScope && s.KindName != nil {
		ts.KindSel = ast.NewIdent(s.KindName.Name)
	}
	return ts
}
