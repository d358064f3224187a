package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/share"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// shareLong returns the adjoint statements incs of scalar real assignment
// s with the subexpressions they repeat computed into temporaries (package
// share), when they are long (share.Long): the partials of a long
// product, which written out grow as the square of its length. adj is the
// adjoint of s's left side that incs read. Other statements are returned
// as they are.
func (g *gen) shareLong(s *ast.AssignStmt, base *sema.Symbol, incs []ast.Stmt, adj ast.Expr) ([]ast.Stmt, error) {
	if base.Type == nil || !base.Type.IsReal() || g.info.Rank(s.Lhs) != 0 || !share.Long(incs, s.Rhs) {
		return incs, nil
	}
	adjName, adjElement := "", false
	switch a := adj.(type) {
	case *ast.Ident:
		adjName = strings.ToLower(a.Name)
	case *ast.CallExpr:
		if id, ok := a.Fun.(*ast.Ident); ok {
			adjName, adjElement = strings.ToLower(id.Name), true
		}
	}
	return share.Statements(incs, share.Config{
		Var: func(name string, element bool) bool {
			if name == adjName {
				return element == adjElement
			}
			return sameRealVar(g.scope.Lookup(name), base.Type, element)
		},
		Temp: func() (*ast.Ident, error) {
			g.ntmp++
			return g.local("fadj_tmp"+strconv.Itoa(g.ntmp)+g.suffix, base.Type)
		},
	})
}

// sameRealVar reports whether v is a real variable of type t, an array if
// element is set, a scalar if not.
func sameRealVar(v *sema.Symbol, t *sema.Type, element bool) bool {
	return v != nil && v.Kind == sema.VarSym && v.Type != nil && v.Type.IsReal() && v.Type.Kind == t.Kind &&
		(len(v.Dims) > 0) == element
}
