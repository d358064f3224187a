package adjoint_test

import (
	"math"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// tbrKernels exercise what the backward sweep reads when the forward sweep
// records only the TBR values.
var tbrKernels = []kernel{
	{
		// A passive element is recorded (w is needed by y = x*w(3)) in
		// a passive statement whose subscript k is overwritten later:
		// k must be recorded too to restore w(3).
		name: "passiveelement",
		src: `
subroutine pe(x, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8) :: w(4)
  integer :: k
  w = 1.0d0
  y = x*w(3)
  k = 3
  w(k) = 5.0d0
  k = 1
  y = y*y
end subroutine
`,
		routine: "pe",
		params:  []param{rval("x"), rval("y")},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		// The callee's adjoint does not restore x (x = 2*x records
		// nothing in it) but the caller's backward sweep needs x's
		// value before the call for y = y*x.
		name: "callrestore",
		src: `
subroutine dbl(x)
  implicit none
  real(8), intent(inout) :: x
  x = 2*x
  x = x + 1
end subroutine

subroutine cr(x, y)
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(inout) :: y
  y = y*x
  call dbl(x)
  y = y + x*x
end subroutine
`,
		routine: "cr",
		params:  []param{rval("x"), rval("y")},
		ins:     []string{"x", "y"},
		outs:    []string{"x", "y"},
	},
	// Loop indices, elements passed to calls, function references
	// and recorded elements with computed subscripts in a DO WHILE.
	{name: "innerdovar", src: `
subroutine p1(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(inout) :: y
  integer :: i, j
  j = 2
  do i = 1, 3
    y = y*x(j) + sin(y)
    do j = 1, n - 1
      y = y + x(j)*x(j+1)
    end do
    j = j - 2
  end do
end subroutine
`, routine: "p1", params: []param{rval("x", 5), rval("y"), ival("n", 5)}, ins: []string{"x", "y"}, outs: []string{"y"}},
	{name: "callelem", src: `
subroutine sq(a)
  implicit none
  real(8), intent(inout) :: a
  a = a*a
  a = a + 1
end subroutine

subroutine p2(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(inout) :: y
  integer :: k
  k = 2
  y = y*x(k)
  call sq(x(k))
  k = 3
  call sq(x(k))
  y = y*x(k) + x(2)
  k = 1
end subroutine
`, routine: "p2", params: []param{rval("x", 4), rval("y"), ival("n", 4)}, ins: []string{"x", "y"}, outs: []string{"x", "y"}},
	{name: "funcover", src: `
function g(a, b)
  implicit none
  real(8), intent(in) :: a, b
  real(8) :: g
  g = a*sin(b)
end function

subroutine p3(x, y)
  implicit none
  real(8), intent(inout) :: x, y
  real(8), external :: g
  real(8) :: t
  t = x + 1
  y = g(x, t)
  t = 0
  x = 3*x
  y = y*g(t, x)
end subroutine
`, routine: "p3", params: []param{rval("x"), rval("y")}, ins: []string{"x", "y"}, outs: []string{"x", "y"}},
	{name: "whilebranch", src: `
subroutine p4(x, y)
  implicit none
  real(8), intent(inout) :: x, y
  real(8) :: w(3)
  integer :: m
  w(1) = x
  w(2) = 2*x
  w(3) = x + 1
  m = 1
  do while (m < 6)
    if (mod(m, 2) == 0) then
      w(mod(m,3)+1) = w(mod(m,3)+1)*y
    else
      y = y*w(mod(m,3)+1) + cos(x)
    end if
    x = x*x/2
    m = m + 1
  end do
  y = y + w(1) + w(2)*w(3)
end subroutine
`, routine: "p4", params: []param{rval("x"), rval("y")}, ins: []string{"x", "y"}, outs: []string{"x", "y"}},
}

func TestTBRKernels(t *testing.T) {
	gf := gfortrantest.Require(t)
	for _, mode := range []struct {
		name string
		conf adjoint.Config
	}{{"tbr", adjoint.Config{}}, {"storeall", adjoint.Config{StoreAll: true}}} {
		for _, k := range tbrKernels {
			t.Run(mode.name+"/"+k.name, func(t *testing.T) {
				t.Parallel()
				r := runConf(t, gf, k, mode.conf)
				if !(r.dot <= 1e-12) || math.IsNaN(r.dot) {
					t.Errorf("%s: dot-product test relative error %.3e > 1e-12", k.name, r.dot)
				}
				if !(r.fd <= 1e-6) || math.IsNaN(r.fd) {
					t.Errorf("%s: adjoint vs central FD relative error %.3e > 1e-6", k.name, r.fd)
				}
				if !r.empty {
					t.Errorf("%s: tape not empty after the adjoint", k.name)
				}
			})
		}
	}
}
