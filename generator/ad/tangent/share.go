package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/share"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// shareLong returns the tangent assignment st of scalar real assignment
// s, to base, with the subexpressions it repeats computed into temporaries
// (package share), when it is long (share.Long): the tangent of a long
// product, whose partials written out grow as the square of its length.
// Otherwise it returns st alone.
func (g *gen) shareLong(s *ast.AssignStmt, base *sema.Symbol, st *ast.AssignStmt) ([]ast.Stmt, error) {
	if base.Type == nil || !base.Type.IsReal() || g.info.Rank(s.Lhs) != 0 || !share.Long([]ast.Stmt{st}, s.Rhs) {
		return []ast.Stmt{st}, nil
	}
	suffix := strings.ToLower(g.suffix)
	return share.Statements([]ast.Stmt{st}, share.Config{
		// A real of base's type, or such a variable's tangent.
		Var: func(name string, element bool) bool {
			v := g.scope.Lookup(name)
			if v == nil && suffix != "" && strings.HasSuffix(name, suffix) {
				v = g.scope.Lookup(strings.TrimSuffix(name, suffix))
			}
			return v != nil && v.Kind == sema.VarSym && v.Type != nil && v.Type.IsReal() && v.Type.Kind == base.Type.Kind &&
				(len(v.Dims) > 0) == element
		},
		Temp: func() (*ast.Ident, error) { return g.newTemp("fadj_tmp", base.Type), nil },
	})
}
