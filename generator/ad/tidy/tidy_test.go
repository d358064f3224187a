package tidy

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/source"
)

func parse(t *testing.T, src string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(source.NewFileSet(), "t.f90", []byte(src), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func print(t *testing.T, f *ast.File) string {
	t.Helper()
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

var endName = regexp.MustCompile(`end (subroutine|function) \w+`)

func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{{
		name: "unused local",
		src:  "subroutine f(x)\n  real(8) :: x, g, h\n  real(8) :: t\n  x = h\nend subroutine\n",
		want: "subroutine f(x)\n  real(8) :: x, h\n  x = h\nend subroutine\n",
	}, {
		name: "used in a bound, a parameter, a function result, an internal procedure",
		src:  "function f(n) result(r)\n  integer :: n, m, k\n  integer, parameter :: p = 1\n  real(8) :: a(m), r\n  r = 0\n  call g()\ncontains\n  subroutine g()\n    k = 1\n  end subroutine\nend function\n",
		want: "function f(n) result(r)\n  integer :: n, k\n  integer, parameter :: p = 1\n  real(8) :: r\n  r = 0\n  call g()\ncontains\n  subroutine g\n    k = 1\n  end subroutine\nend function\n",
	}, {
		name: "F77 PARAMETER statements: unused ones go, in a bound, another's value or a kind suffix stay",
		src:  "subroutine f(x)\n  integer :: nx, ny, nz, wp, nr, nrp\n  parameter (nx = 4, ny = 3, nz = 2, wp = 8)\n  parameter (nr = 5, nrp = nr + 1)\n  real(8) :: x(nx), y\n  y = 1.0_wp + nz\nend subroutine\n",
		want: "subroutine f(x)\n  integer :: nx, nz, wp\n  parameter (nx = 4, nz = 2, wp = 8)\n  real(8) :: x(nx), y\n  y = 1.0_wp + nz\nend subroutine\n",
	}, {
		name: "a variable named as its subroutine or a subroutine it calls is renamed, not a keyword or component",
		src:  "subroutine cg2d_b(cg2d_b, x)\n  real(8) :: cg2d_b(3), x\n  x = cg2d_b(1)\nend subroutine\nsubroutine s_b(x)\n  real(8) :: x, cg2d_b(3), fadj_cg2d_b\n  cg2d_b = x%cg2d_b\n  call cg2d_b(cg2d_b, x)\n  call t(cg2d_b=fadj_cg2d_b)\nend subroutine\n",
		want: "subroutine cg2d_b(fadj_cg2d_b, x)\n  real(8) :: fadj_cg2d_b(3), x\n  x = fadj_cg2d_b(1)\nend subroutine\n\nsubroutine s_b(x)\n  real(8) :: x, fadj_cg2d_b_(3), fadj_cg2d_b\n  fadj_cg2d_b_ = x%cg2d_b\n  call cg2d_b(fadj_cg2d_b_, x)\n  call t(cg2d_b=fadj_cg2d_b)\nend subroutine\n",
	}, {
		name: "unused labels, used ones kept (a DO's terminal label is printed as END DO: unused)",
		src:  "subroutine f(x)\n  real(8) :: x\n  if (x > 0) go to 20\n  x = 1\n10 continue\n20 x = 2\n30 format(a)\n  do 40 i = 1, 2\n40 continue\nend subroutine\n",
		want: "subroutine f(x)\n  real(8) :: x\n  if (x > 0) go to 20\n  x = 1\n  20 x = 2\n  30 format(a)\n  do i = 1, 2\n  end do\nend subroutine\n",
	}, {
		name: "intent(out) never set",
		src:  "subroutine f(x, y, z)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y, z\n  z = x\nend subroutine\nsubroutine g(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y\nend subroutine\n",
		want: "subroutine f(x, y, z)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y, z\n  z = x\nend subroutine\n\nsubroutine g(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(inout) :: y\nend subroutine\n",
	}, {
		name: "dead zero store, in a loop too",
		src:  "subroutine f(x_b, t, u_b)\n  real(8) :: x_b, t, u_b(3)\n  integer :: i\n  x_b = 0.0_8\n  x_b = x_b + 2*t\n  do i = 1, 3\n    u_b(i) = 0\n    u_b(i) = u_b(i) + t\n  end do\nend subroutine\n",
		want: "subroutine f(x_b, t, u_b)\n  real(8) :: x_b, t, u_b(3)\n  integer :: i\n  x_b = 2*t\n  do i = 1, 3\n    u_b(i) = t\n  end do\nend subroutine\n",
	}, {
		name: "zero store kept when the sum reads it again or is something else",
		src:  "subroutine f(x_b, t)\n  real(8) :: x_b, t\n  x_b = 0.0_8\n  x_b = x_b + x_b*t\n  t = 0\n  t = t - 1\n  t = 1.5\n  t = t + 1\nend subroutine\n",
		// (t's assignments are summed by mergeIncrements, increments.go.)
		want: "subroutine f(x_b, t)\n  real(8) :: x_b, t\n  x_b = 0.0_8\n  x_b = x_b + x_b*t\n  t = -1\n  t = 1.5 + 1\nend subroutine\n",
	}, {
		name: "empty IF construct, unless its condition may call",
		src:  "subroutine f(k, x)\n  integer :: k\n  real(8) :: x\n  if (k == 1) then\n  else if (k == 2) then\n  end if\n  if (g(k) > 0) then\n  end if\n  if (k == 3) then\n  else\n    x = 1\n  end if\nend subroutine\n",
		want: "subroutine f(k, x)\n  integer :: k\n  real(8) :: x\n  if (g(k) > 0) then\n  end if\n  if (k == 3) then\n  else\n    x = 1\n  end if\nend subroutine\n",
	}, {
		name: "repeated zero store",
		src:  "subroutine f(c_b, u_b, n)\n  real(8) :: c_b, u_b(n)\n  integer :: n, i\n  c_b = 0.0_8\n  do i = 1, n\n    u_b(i) = 1\n  end do\n  c_b = 0.0_8\n  call g(u_b)\n  c_b = 0.0_8\n  call g(c_b)\n  c_b = 0.0_8\nend subroutine\n",
		want: "subroutine f(c_b, u_b, n)\n  real(8) :: c_b, u_b(n)\n  integer :: n, i\n  c_b = 0.0_8\n  do i = 1, n\n    u_b(i) = 1\n  end do\n  call g(u_b)\n  call g(c_b)\n  c_b = 0.0_8\nend subroutine\n",
	}, {
		name: "zero store overwritten by the next statement, unless it reads it or is a section",
		// Assumed shape: not fused (fuse_test.go).
		src:  "subroutine f(h, h_d, d_d, n)\n  integer :: n\n  real(8) :: h(:), h_d(:), d_d(:)\n  d_d = 0.0_8\n  d_d = 2*h*h_d\n  h_d = 0\n  h_d = h_d + h\n  d_d = 0\n  d_d(1:n) = h\nend subroutine\n",
		want: "subroutine f(h, h_d, d_d, n)\n  integer :: n\n  real(8) :: h(:), h_d(:), d_d(:)\n  d_d = 2*h*h_d\n  h_d = h\n  d_d = 0\n  d_d(1:n) = h\nend subroutine\n",
	}, {
		name: "final zero stores of locals go: at the end, and each iteration's own element",
		src:  "subroutine f(n, u, u_b, c_b)\n  integer :: n, i, j\n  real(8) :: u(n, n), u_b(n, n), c_b, w_b(n, n), q_b\n  w_b = 0.0_8\n  do j = n, 1, -1\n    do i = n, 1, -1\n      w_b(i, j) = w_b(i, j) + u_b(i, j)*c_b\n      u_b(i, j) = u_b(i, j) + u(i, j)*w_b(i, j)\n      w_b(i, j) = 0.0_8\n    end do\n  end do\n  q_b = c_b\n  c_b = c_b + q_b\n  q_b = 0.0_8\nend subroutine\n",
		want: "subroutine f(n, u, u_b, c_b)\n  integer :: n, i, j\n  real(8) :: u(n, n), u_b(n, n), c_b, w_b(n, n), q_b\n  w_b = 0.0_8\n  do j = n, 1, -1\n    do i = n, 1, -1\n      w_b(i, j) = w_b(i, j) + u_b(i, j)*c_b\n      u_b(i, j) = u_b(i, j) + u(i, j)*w_b(i, j)\n    end do\n  end do\n  q_b = c_b\n  c_b = c_b + q_b\nend subroutine\n",
	}, {
		name: "zero stores kept: dummies, read later, read by a later iteration, other elements, jumps",
		src:  "subroutine f(n, u_b, c_b)\n  integer :: n, i, k\n  real(8) :: u_b(n), c_b, w_b(n), s_b, v_b(n)\n  do i = n, 2, -1\n    w_b(i) = w_b(i) + u_b(i)\n    w_b(i - 1) = w_b(i - 1) + c_b\n    w_b(i) = 0.0_8\n    s_b = s_b + c_b\n    u_b(i) = u_b(i) + s_b\n    s_b = 0.0_8\n    v_b(i) = 0.0_8\n  end do\n  c_b = 0.0_8\n  u_b(1) = v_b(2)\nend subroutine\nsubroutine g(x_b, t_b)\n  real(8) :: x_b, t_b\n10 t_b = t_b + x_b\n  x_b = x_b*t_b\n  t_b = 0.0_8\n  if (x_b > 1) go to 10\nend subroutine\n",
		want: "subroutine f(n, u_b, c_b)\n  integer :: n, i\n  real(8) :: u_b(n), c_b, w_b(n), s_b, v_b(n)\n  do i = n, 2, -1\n    w_b(i) = w_b(i) + u_b(i)\n    w_b(i - 1) = w_b(i - 1) + c_b\n    w_b(i) = 0.0_8\n    s_b = s_b + c_b\n    u_b(i) = u_b(i) + s_b\n    s_b = 0.0_8\n    v_b(i) = 0.0_8\n  end do\n  c_b = 0.0_8\n  u_b(1) = v_b(2)\nend subroutine\n\nsubroutine g(x_b, t_b)\n  real(8) :: x_b, t_b\n  10 t_b = t_b + x_b\n  x_b = x_b*t_b\n  t_b = 0.0_8\n  if (x_b > 1) go to 10\nend subroutine\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, tc.src)
			File(f, "f", "g")
			// The printer names the unit after END.
			got := endName.ReplaceAllString(print(t, f), "end $1")
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestCopies checks that tidy changes copies: a statement shared with
// another unit (generated code reuses the source's) keeps its label and
// a declaration its intent there.
func TestCopies(t *testing.T) {
	f := parse(t, "subroutine f(y)\n  real(8), intent(out) :: y\n  if (.true.) then\n10  continue\n  end if\nend subroutine\n")
	g := parse(t, "subroutine g(y)\n  real(8), intent(out) :: y\n  if (.true.) then\n10  continue\n  end if\n  go to 10\nend subroutine\n")
	g.Units[0].Decls = f.Units[0].Decls
	g.Units[0].Body[0] = f.Units[0].Body[0]
	before := print(t, g)
	File(f, "f")
	if after := print(t, g); after != before {
		t.Errorf("tidying f changed g:\n%s\nwas\n%s", after, before)
	}
	if got := print(t, f); strings.Contains(got, "10") || !strings.Contains(got, "intent(inout)") {
		t.Errorf("f not tidied:\n%s", got)
	}
}
