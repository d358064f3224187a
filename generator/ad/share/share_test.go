package share_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/share"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// TestStatements: statements written "lhs = rhs", one a line; leaves are
// the scalars a, b, c, d, y_b, the elements of x and real literals; other
// names (n, f) are not.
func TestStatements(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{{
		name: "nothing repeated",
		in:   "x_b(1) = x_b(1) + a*b\nx_b(2) = x_b(2) + c*d",
		want: "x_b(1) = x_b(1) + a*b\nx_b(2) = x_b(2) + c*d",
	}, {
		name: "a product's partials share prefix and suffix products",
		in: "x_b(1) = x_b(1) + x(2)*(x(3)*(x(4)*y_b))\n" +
			"x_b(2) = x_b(2) + x(1)*(x(3)*(x(4)*y_b))\n" +
			"x_b(3) = x_b(3) + x(1)*x(2)*(x(4)*y_b)\n" +
			"x_b(4) = x_b(4) + x(1)*x(2)*x(3)*y_b",
		want: "t1 = x(4)*y_b\nt2 = x(3)*t1\nx_b(1) = x_b(1) + x(2)*t2\n" +
			"x_b(2) = x_b(2) + x(1)*t2\n" +
			"t3 = x(1)*x(2)\nx_b(3) = x_b(3) + t3*t1\n" +
			"x_b(4) = x_b(4) + t3*x(3)*y_b",
	}, {
		name: "a repeated subexpression that reads an assigned variable stays",
		in:   "a = a*b*c\ny_b = a*b*c",
		want: "a = a*b*c\ny_b = a*b*c",
	}, {
		name: "one that does not is shared",
		in:   "a = a + b*c*d\ny_b = b*c*d",
		want: "t1 = b*c\nt2 = t1*d\na = a + t2\ny_b = t2",
	}, {
		name: "reads a variable a statement assigns",
		in:   "y_b = a*b*y_b\nx_b(1) = a*b*y_b",
		want: "t1 = a*b\ny_b = t1*y_b\nx_b(1) = t1*y_b",
	}, {
		name: "non-leaves are not shared, their operands are",
		in:   "a = f(n)*b*c + d\nx_b(1) = f(n)*b*c",
		want: "a = f(n)*b*c + d\nx_b(1) = f(n)*b*c",
	}, {
		name: "an integer literal is not a leaf (its kind is not the temporary's), a real one is",
		in:   "a = 2*b*c + 0.5d0*b*c\nx_b(1) = 2*b*c + 0.5d0*b*c",
		want: "t1 = 0.5d0*b\nt2 = t1*c\na = 2*b*c + t2\nx_b(1) = 2*b*c + t2",
	}, {
		name: "inside an intrinsic call",
		in:   "a = sin(b*c*d)\nx_b(1) = b*c*d",
		want: "t1 = b*c\nt2 = t1*d\na = sin(t2)\nx_b(1) = t2",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stmts []ast.Stmt
			for _, line := range strings.Split(tt.in, "\n") {
				l, r, _ := strings.Cut(line, " = ")
				lhs, err := parser.ParseExpr(l)
				if err != nil {
					t.Fatal(err)
				}
				rhs, err := parser.ParseExpr(r)
				if err != nil {
					t.Fatal(err)
				}
				stmts = append(stmts, &ast.AssignStmt{Lhs: lhs, Rhs: rhs})
			}
			n := 0
			out, err := share.Statements(stmts, share.Config{
				Var: func(name string, element bool) bool {
					if element {
						return name == "x"
					}
					return strings.Contains(" a b c d y_b ", " "+name+" ")
				},
				Temp: func() (*ast.Ident, error) { n++; return ast.NewIdent("t" + strconv.Itoa(n)), nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range out {
				a := s.(*ast.AssignStmt)
				got = append(got, printer.ExprString(a.Lhs)+" = "+printer.ExprString(a.Rhs))
			}
			if g := strings.Join(got, "\n"); g != tt.want {
				t.Errorf("got\n%s\nwant\n%s", g, tt.want)
			}
		})
	}
}
