package inline_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// elemental is an internal elemental function the snippets reference.
const elemental = `
contains
  elemental real(8) function f(x)
    real(8), intent(in) :: x
    f = x*x
  end function f
  impure elemental real(8) function g(x)
    real(8), intent(in) :: x
    g = x*x
  end function g
end subroutine s
`

// TestElementalWheres checks which WHEREs become loops, one snippet each:
// the routine's body printed afterwards.
func TestElementalWheres(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "a WHERE statement on whole arrays, a lower bound 0, an allocatable; the mask reads the left side",
		src: `subroutine s(a, b, c)
  real(8) :: a(4), b(0:3)
  real(8), allocatable :: c(:)
  where (a > 0) a = a + f(b)*c
`,
		body: "do fadj_wi1 = 1, size(a, 1)\n  if (a(fadj_wi1) > 0) a(fadj_wi1) = a(fadj_wi1) + f(b(fadj_wi1 - 1))*c(lbound(c, 1) + fadj_wi1 - 1)\nend do",
	}, {
		name: "ELSEWHERE, sections with strides, a 2-D mask",
		src: `subroutine s(a, b, n)
  integer :: n
  real(8) :: a(n, 3), b(n, 3)
  where (f(b(:, 1:2)) > 1)
    a(:, 2:3) = f(b(:, 1:2))
  elsewhere
    a(1:n:2, 1:2) = b(1:n:2, 2:3)
  end where
`,
		body: "do fadj_wi2 = 1, size(a(:, 2:3), 2)\n  do fadj_wi1 = 1, size(a(:, 2:3), 1)\n    if (f(b(fadj_wi1, fadj_wi2)) > 1) a(fadj_wi1, fadj_wi2 + 1) = f(b(fadj_wi1, fadj_wi2))\n  end do\nend do\n" +
			"do fadj_wi2 = 1, size(a(:, 2:3), 2)\n  do fadj_wi1 = 1, size(a(:, 2:3), 1)\n    if (.not. (f(b(fadj_wi1, fadj_wi2)) > 1)) a(1 + (fadj_wi1 - 1)*2, fadj_wi2) = b(1 + (fadj_wi1 - 1)*2, fadj_wi2 + 1)\n  end do\nend do",
	}, {
		name: "a masked ELSEWHERE: its mask evaluated only where the WHERE's does not hold",
		src: `subroutine s(a, b)
  real(8) :: a(4), b(4)
  where (a > 0)
    b = f(a)
  elsewhere (f(a) < 1)
    b = a
  end where
`,
		body: "do fadj_wi1 = 1, size(b, 1)\n  if (a(fadj_wi1) > 0) b(fadj_wi1) = f(a(fadj_wi1))\nend do\n" +
			"do fadj_wi1 = 1, size(b, 1)\n  if (.not. (a(fadj_wi1) > 0)) then\n    if (f(a(fadj_wi1)) < 1) b(fadj_wi1) = a(fadj_wi1)\n  end if\nend do",
	}, {
		name: "in a procedure with OpenMP directives: left alone",
		src: `subroutine s(a)
  real(8) :: a(4)
  !$omp parallel workshare
  where (a > 0) a = f(a)
  !$omp end parallel workshare
`,
		body: "!$omp parallel workshare\nwhere (a > 0) a = f(a)",
	}, {
		name: "no elemental function: left alone",
		src: `subroutine s(a, b)
  real(8) :: a(4), b(4)
  where (a > 0) a = sqrt(b)
`,
		body: "where (a > 0) a = sqrt(b)",
	}, {
		name: "the mask reads what an assignment before defines: one nest, the branches an IF construct",
		src: `subroutine s(a, b, c)
  real(8) :: a(4), b(4), c(4)
  where (a > 0)
    a = f(b)
    b = f(a)
  elsewhere (b > 1)
    c = b
  elsewhere
    c = 0
  end where
`,
		body: "do fadj_wi1 = 1, size(a, 1)\n  if (a(fadj_wi1) > 0) then\n    a(fadj_wi1) = f(b(fadj_wi1))\n    b(fadj_wi1) = f(a(fadj_wi1))\n" +
			"  else if (b(fadj_wi1) > 1) then\n    c(fadj_wi1) = b(fadj_wi1)\n  else\n    c(fadj_wi1) = 0\n  end if\nend do",
	}, {
		name: "a mask or a right side reading other elements of the array assigned: a copy",
		src: `subroutine s(a, b, q, n)
  integer :: n
  real(8) :: a(4), b(4), q(0:n)
  where (a(1:3) > 0) a(2:4) = f(b(1:3))
  where (b(2:n-1) > 0) q(2:n-1) = q(2:n-1) + f(q(1:n-2) - q(3:n))
`,
		body: "fadj_wc1 = a\ndo fadj_wi1 = 1, size(a(2:4), 1)\n  if (fadj_wc1(fadj_wi1 + lbound(fadj_wc1, 1) - 1) > 0) a(fadj_wi1 + 1) = f(b(fadj_wi1))\nend do\n" +
			"fadj_wc2 = q\ndo fadj_wi1 = 1, size(q(2:n - 1), 1)\n  if (b(fadj_wi1 + 1) > 0) q(fadj_wi1 + 1) = fadj_wc2(fadj_wi1 + 1 + lbound(fadj_wc2, 1)) + f(fadj_wc2(fadj_wi1 + &\n" +
			"      lbound(fadj_wc2, 1)) - fadj_wc2(fadj_wi1 + 2 + lbound(fadj_wc2, 1)))\nend do",
	}, {
		name: "a mask reading other elements of what an assignment before defines, an impure function: left alone",
		src: `subroutine s(a, b)
  real(8) :: a(4), b(4)
  where (b(1:3) > 0)
    b(2:4) = f(a(1:3))
    a(1:3) = b(2:4)
  end where
  where (a > 0) b = g(a)
`,
		body: "where (b(1:3) > 0)\n  b(2:4) = f(a(1:3))\n  a(1:3) = b(2:4)\nend where\nwhere (a > 0) b = g(a)",
	}, {
		name: "a label goes to a CONTINUE before the loops, unless it ends a DO loop",
		src: `subroutine s(a, k)
  real(8) :: a(4)
  integer :: k, i
  if (k > 1) go to 10
  a = 2*a
10 where (a > 0) a = f(a)
  do 20 i = 1, 2
20 where (a > 0) a = f(a)
`,
		body: "if (k > 1) go to 10\na = 2*a\n10 continue\ndo fadj_wi1 = 1, size(a, 1)\n  if (a(fadj_wi1) > 0) a(fadj_wi1) = f(a(fadj_wi1))\nend do\n" +
			"do i = 1, 2\n  20 where (a > 0) a = f(a)\nend do",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src+elemental)
			inline.ElementalWheres(prog)
			checkBody(t, prog, tt.body)
		})
	}
}

// TestElementalWheresGlobals checks that a WHERE assigning a host
// variable the function it references reads stays, and one assigning a
// host variable it does not read becomes a loop.
func TestElementalWheresGlobals(t *testing.T) {
	prog := loadSnippet(t, `subroutine s(b)
  real(8) :: b(4), t(4), u(4)
  call inner(b)
contains
  subroutine inner(b)
    real(8) :: b(4)
    where (b > 0) t = h(b)
    where (b > 0) u = h(b)
  end subroutine inner
  elemental real(8) function h(x)
    real(8), intent(in) :: x
    h = x*t(1)
  end function h
end subroutine s
`)
	inline.ElementalWheres(prog)
	var buf strings.Builder
	for _, s := range prog.Files[0].Units[0].Procs[0].Body {
		printer.Node(&buf, s)
	}
	want := "where (b > 0) t = h(b)\ndo fadj_wi1 = 1, size(u, 1)\n  if (b(fadj_wi1) > 0) u(fadj_wi1) = h(b(fadj_wi1))\nend do"
	if g := strings.TrimSpace(buf.String()); g != want {
		t.Errorf("body:\n%s\nwant:\n%s", g, want)
	}
}

// loadSnippet loads src as file t.f90.
func loadSnippet(t *testing.T, src string) *sema.Program {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "t.f90" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// checkBody compares the printed body of the first unit of prog with
// want, and checks that its identifiers resolve and its references are
// classified.
func checkBody(t *testing.T, prog *sema.Program, want string) {
	t.Helper()
	u := prog.Files[0].Units[0]
	var buf strings.Builder
	for _, s := range u.Body {
		if err := printer.Node(&buf, s); err != nil {
			t.Fatal(err)
		}
	}
	if g := strings.TrimSpace(buf.String()); g != want {
		t.Errorf("body:\n%s\nwant:\n%s", g, want)
	}
	checkResolved(t, prog, u)
}

// checkResolved checks that the identifiers of u's body resolve and its
// references are classified after a rewrite.
func checkResolved(t *testing.T, prog *sema.Program, u *ast.Unit) {
	t.Helper()
	for _, s := range u.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if prog.Info.ObjectOf(n) == nil {
					t.Errorf("%s is not resolved after the rewrite", n.Name)
				}
			case *ast.CallExpr:
				if _, ok := prog.Info.Calls[n]; !ok {
					t.Errorf("%s is not classified after the rewrite", printed(n))
				}
			}
			return true
		})
	}
}

func printed(x ast.Expr) string {
	var b strings.Builder
	printer.Node(&b, x)
	return b.String()
}
