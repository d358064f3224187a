package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/share"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// shareLong returns the tangent assignment st of scalar real assignment
// s, to base, with the subexpressions it repeats computed into temporaries
// (package share), when it is much longer than s: the tangent of a long
// product, whose partials written out grow as the square of its length.
// Otherwise it returns st alone.
func (g *gen) shareLong(s *ast.AssignStmt, base *sema.Symbol, st *ast.AssignStmt) ([]ast.Stmt, error) {
	if base.Type == nil || !base.Type.IsReal() || g.info.Rank(s.Lhs) != 0 || !larger(st.Rhs, 8*size(s.Rhs)+256) {
		return []ast.Stmt{st}, nil
	}
	suffix := strings.ToLower(g.suffix)
	// variable returns the lower-case name of the variable a leaf names
	// and whether it is a real of base's type (or such a variable's
	// tangent), an array if element is set.
	variable := func(name string, element bool) (string, bool) {
		name = strings.ToLower(name)
		v := g.scope.Lookup(name)
		if v == nil && suffix != "" && strings.HasSuffix(name, suffix) {
			v = g.scope.Lookup(strings.TrimSuffix(name, suffix))
		}
		ok := v != nil && v.Kind == sema.VarSym && v.Type != nil && v.Type.IsReal() && v.Type.Kind == base.Type.Kind &&
			(len(v.Dims) > 0) == element
		return name, ok
	}
	cfg := share.Config{
		Leaf: func(x ast.Expr) (string, bool) {
			switch e := x.(type) {
			case *ast.BasicLit:
				return "", e.Kind == token.REAL
			case *ast.Ident:
				return variable(e.Name, false)
			case *ast.CallExpr:
				id, ok := e.Fun.(*ast.Ident)
				if !ok {
					return "", false
				}
				for _, a := range e.Args {
					if _, isRange := a.(*ast.RangeExpr); isRange {
						return "", false
					}
				}
				return variable(id.Name, true)
			}
			return "", false
		},
		Temp: func() (*ast.Ident, error) { return g.newTemp("fadj_tmp", base.Type), nil },
	}
	return share.Statements([]ast.Stmt{st}, cfg)
}

// size counts the nodes of expression x.
func size(x ast.Expr) int {
	n := 0
	ast.Inspect(x, func(ast.Node) bool { n++; return true })
	return n
}

// larger reports whether x has more than limit nodes, walking no more of
// them than that (subtrees shared in memory count each time).
func larger(x ast.Expr, limit int) bool {
	n := 0
	ast.Inspect(x, func(ast.Node) bool { n++; return n <= limit })
	return n > limit
}
