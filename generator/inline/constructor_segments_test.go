package inline_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/inline"
)

// TestConstructorSegments checks which assignments with array
// constructors are split into segments, one snippet each: the routine's
// body printed afterwards.
func TestConstructorSegments(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "a periodic stencil: three segments under the order of 1 and n - 1",
		src: `subroutine s(n, u, f, nu)
  integer :: n
  real(8) :: u(n), f(n), nu
  f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
end subroutine s
`,
		body: "if (n >= 2) then\n  f(1) = nu*(u(n) - 2*u(1) + u(2))\n  f(2:n - 1) = nu*(u(1:n - 2) - 2*u(2:n - 1) + u(3:n))\n" +
			"  f(n) = nu*(u(n - 1) - 2*u(n) + u(1))\nelse\n  f = nu*([u(n), u(1:n - 1)] - 2*u + [u(2:n), u(1)])\nend if",
	}, {
		name: "a column of a 2-D field, a lower bound of 0, an elemental intrinsic; nx = 0 leaves the first segment empty",
		src: `subroutine s(nx, ny, j, h, d)
  integer :: nx, ny, j
  real(8) :: h(0:nx, ny), d(0:nx)
  d(0:nx) = abs([h(1:nx, j), h(0, j)] - h(0:nx, j))
end subroutine s
`,
		body: "if (nx >= 0) then\n  d(0:nx - 1) = abs(h(1:nx, j) - h(0:nx - 1, j))\n  d(nx) = abs(h(0, j) - h(nx, j))\n" +
			"else\n  d(0:nx) = abs([h(1:nx, j), h(0, j)] - h(0:nx, j))\nend if",
	}, {
		name: "an ALLOCATABLE left side: only while it has the constructor's size",
		src: `subroutine s(n, u, g)
  integer :: n
  real(8) :: u(n)
  real(8), allocatable :: g(:)
  g = [0d0, u(2:n)]*u
end subroutine s
`,
		body: "if (allocated(g)) then\n  if (size(g) == n .and. n >= 1) then\n    g(lbound(g, 1)) = 0d0*u(1)\n" +
			"    g(lbound(g, 1) + 1:lbound(g, 1) + n - 1) = u(2:n)*u(2:n)\n  else\n    g = [0d0, u(2:n)]*u\n  end if\n" +
			"else\n  g = [0d0, u(2:n)]*u\nend if",
	}, {
		name: "left alone: the left side read, a user function, a type spec, an implied DO, constant lengths, a POINTER, ends on a DO variable",
		src: `subroutine s(n, u, f, p)
  integer :: n, i, m
  real(8) :: u(n), f(n), c(3)
  real(8), pointer :: p(:)
  u = [u(n), u(1:n-1)]
  f = [g(u(1)), u(2:n)]
  f = [real(8) :: 0, u(2:n)]
  f = [(u(i), i = 1, n)]
  c = [c(3), c(1:2)] + 1
  f = [p(1), u(2:n)]
  do m = 1, n
    f(1:m) = [u(m), u(1:m-1)]
  end do
contains
  real(8) function g(x)
    real(8) :: x
    g = 2*x
  end function g
end subroutine s
`,
		body: "u = [u(n), u(1:n - 1)]\nf = [g(u(1)), u(2:n)]\nf = [real(8) :: 0, u(2:n)]\nf = [(u(i), i = 1, n)]\nc = [c(3), c(1:2)] + 1\nf = [p(1), u(2:n)]\n" +
			"do m = 1, n\n  f(1:m) = [u(m), u(1:m - 1)]\nend do",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src)
			inline.ConstructorSegments(prog)
			checkBody(t, prog, tt.body)
		})
	}
}

// TestConstructorSegmentsCshift checks cshift by constant shifts, taken
// as the constructors they are.
func TestConstructorSegmentsCshift(t *testing.T) {
	prog := loadSnippet(t, `subroutine s(n, u, f, k)
  integer :: n, k
  real(8) :: u(n), f(n)
  f = cshift(u, -1) - 2*u + cshift(u, 2)
  f = cshift(u, k) + u
end subroutine s
`)
	inline.ConstructorSegments(prog)
	checkBody(t, prog, "if (n >= 3) then\n  f(1) = u(n) - 2*u(1) + u(3)\n  f(2:n - 2) = u(1:n - 3) - 2*u(2:n - 2) + u(4:n)\n"+
		"  f(n - 1:n) = u(n - 2:n - 1) - 2*u(n - 1:n) + u(1:2)\nelse\n  f = cshift(u, -1) - 2*u + cshift(u, 2)\nend if\n"+
		"f = cshift(u, k) + u")
}
