package ast_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// TestInspectOrder: Inspect's loop down chains of binary operations keeps
// the order of the recursive walk: each node before its operands, left
// before right, f(nil) after a node's operands, and a node whose f returns
// false has neither its operands visited nor an f(nil).
func TestInspectOrder(t *testing.T) {
	tests := []struct {
		expr, prune, want string
	}{
		{"a+b+c", "", "+ + a b ) c )"},
		{"a+b*c-d", "", "- + a * b c ) ) d )"},
		{"(a+b)*c+d", "", "+ * ( + a b ) ) c ) d )"},
		{"a+b+c+d", "a+b+c", "+ d )"},
		{"a+b+c+d", "a+b", "+ + c ) d )"},
		{"f(a+b+c)-d", "", "- f( f + + a b ) c ) ) d )"},
	}
	for _, tt := range tests {
		f := parseUnit(t, "subroutine s\n  y = "+tt.expr+"\nend\n")
		var rhs ast.Expr
		ast.Inspect(f.Units[0], func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok {
				rhs = a.Rhs
				return false
			}
			return true
		})
		var got []string
		ast.Inspect(rhs, func(n ast.Node) bool {
			switch n := n.(type) {
			case nil:
				got = append(got, ")")
			case *ast.BinaryExpr:
				if tt.prune != "" && exprText(n) == tt.prune {
					return false
				}
				got = append(got, n.Op.String())
			case *ast.Ident:
				got = append(got, n.Name)
			case *ast.ParenExpr:
				got = append(got, "(")
			case *ast.CallExpr:
				got = append(got, "f(")
			}
			return true
		})
		// Idents get a ")" too; drop those to keep the table readable. The
		// wants are what the recursive walk (before the loop) gave.
		s := strings.Join(got, " ")
		for _, id := range []string{"a", "b", "c", "d", "f"} {
			s = strings.ReplaceAll(s, id+" )", id)
		}
		if s != tt.want {
			t.Errorf("%s (pruning %q): got %q, want %q", tt.expr, tt.prune, s, tt.want)
		}
	}
}

// exprText spells a tree of + of identifiers, enough to name a subtree.
func exprText(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.BinaryExpr:
		return exprText(x.X) + x.Op.String() + exprText(x.Y)
	}
	return "?"
}
