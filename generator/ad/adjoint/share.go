package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/share"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// shareLong returns the adjoint statements incs of scalar real assignment
// s with the subexpressions they share computed into temporaries (package
// share), when they are much longer than s: the partials of a long
// product, which written out grow as the square of its length. adj is the
// adjoint of s's left side that incs read. Other statements are returned
// as they are.
func (g *gen) shareLong(s *ast.AssignStmt, base *sema.Symbol, incs []ast.Stmt, adj ast.Expr) ([]ast.Stmt, error) {
	if base.Type == nil || !base.Type.IsReal() || g.info.Rank(s.Lhs) != 0 || !larger(incs, 8*size(s.Rhs)+256) {
		return incs, nil
	}
	adjKey := ast.Key(adj)
	adjName := "*"
	switch a := adj.(type) {
	case *ast.Ident:
		adjName = strings.ToLower(a.Name)
	case *ast.CallExpr:
		if id, ok := a.Fun.(*ast.Ident); ok {
			adjName = strings.ToLower(id.Name)
		}
	}
	cfg := share.Config{
		Leaf: func(x ast.Expr) (string, bool) {
			if ast.Key(x) == adjKey {
				return adjName, true
			}
			switch e := x.(type) {
			case *ast.BasicLit:
				return "", e.Kind == token.REAL
			case *ast.Ident:
				v := g.scope.Lookup(strings.ToLower(e.Name))
				if !g.sameRealVar(v, base, false) {
					return "", false
				}
				return v.Name, true
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
				v := g.scope.Lookup(strings.ToLower(id.Name))
				if !g.sameRealVar(v, base, true) {
					return "", false
				}
				return v.Name, true
			}
			return "", false
		},
		Temp: func() (*ast.Ident, error) {
			g.ntmp++
			return g.local("fadj_tmp"+strconv.Itoa(g.ntmp)+g.suffix, base.Type)
		},
	}
	return share.Statements(incs, cfg)
}

// sameRealVar reports whether v is a variable of base's type, an array if
// element is set, a scalar if not.
func (g *gen) sameRealVar(v, base *sema.Symbol, element bool) bool {
	return v != nil && v.Kind == sema.VarSym && v.Type != nil && v.Type.IsReal() && v.Type.Kind == base.Type.Kind &&
		(len(v.Dims) > 0) == element
}

// size counts the nodes of expression x.
func size(x ast.Expr) int {
	n := 0
	ast.Inspect(x, func(ast.Node) bool { n++; return true })
	return n
}

// larger reports whether stmts have more than limit nodes, walking no
// more of them than that (subtrees they share in memory count each time).
func larger(stmts []ast.Stmt, limit int) bool {
	n := 0
	for _, s := range stmts {
		ast.Inspect(s, func(ast.Node) bool { n++; return n <= limit })
		if n > limit {
			return true
		}
	}
	return false
}
