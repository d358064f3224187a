package inline_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
)

// TestStatementFunctions checks the expansions, one snippet each: the
// body of the routine as printed afterwards, and the declarations left.
func TestStatementFunctions(t *testing.T) {
	tests := []struct {
		name, src string
		body      string // the executable statements after expansion
		kept      bool   // a statement function definition stays
	}{{
		name: "operands are parenthesized only when they need it",
		src: `subroutine s(a, b, y)
  real(8) :: a, b, y, f, u, v
  f(u, v) = u*v + 2d0*u
  y = f(a + b, a) * f(a, 3d0)
end subroutine s
`,
		body: "y = ((a + b)*a + 2d0*(a + b))*(a*3d0 + 2d0*a)",
	}, {
		name: "one statement function calls another and reads a local",
		src: `subroutine s(x, y)
  real(8) :: x, y, c, g, h, u
  g(u) = u*c
  h(u) = exp(g(u)) - c
  c = 2d0
  y = h(x + 1d0)
end subroutine s
`,
		body: "c = 2d0\ny = exp((x + 1d0)*c) - c",
	}, {
		name: "in conditions, subscripts and loop bounds",
		src: `subroutine s(n, x, y)
  integer :: n, i, k, j
  real(8) :: x(n), y
  k(j) = mod(j, n) + 1
  do i = 1, k(n - 1)
    if (x(k(i)) > 0) y = y + x(k(i + 1))
  end do
end subroutine s
`,
		body: "do i = 1, mod(n - 1, n) + 1\n  if (x(mod(i, n) + 1) > 0) y = y + x(mod(i + 1, n) + 1)\nend do",
	}, {
		name: "a conversion on return is left alone",
		src: `subroutine s(x, y)
  real(8) :: x, y
  real(4) :: f, u
  f(u) = u*2d0
  y = f(real(x, 4))
end subroutine s
`,
		body: "y = f(real(x, 4))",
		kept: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			inline.StatementFunctions(prog)
			u := prog.Files[0].Units[0]
			var buf strings.Builder
			for _, s := range u.Body {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.body {
				t.Errorf("body:\n%s\nwant:\n%s", g, tt.body)
			}
			kept := false
			for _, d := range u.Decls {
				_, sf := d.(*ast.StmtFunction)
				kept = kept || sf
			}
			if kept != tt.kept {
				t.Errorf("statement function definition kept: %v, want %v", kept, tt.kept)
			}
			// Every reference in the expansion is still resolved.
			for _, s := range u.Body {
				ast.Inspect(s, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && prog.Info.ObjectOf(id) == nil {
						t.Errorf("%s is not resolved after expansion", id.Name)
					}
					return true
				})
			}
		})
	}
}
