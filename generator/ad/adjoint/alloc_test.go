package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// Allocatable variables (alloc.go), checked like the other kernels with
// TBR and store-all recording: an array allocated and deallocated in
// each iteration, one deallocated before the end with lower bound 0,
// reallocation on assignment (also reading itself), MOVE_ALLOC, STAT=
// and an allocated() test.
func init() {
	kernels = append(kernels,
		kernel{
			name: "allocloop",
			src: `
subroutine al(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), allocatable :: w(:), h(:, :)
  integer :: i, k, ierr
  allocate(h(0:n, 2), stat=ierr)
  h(:, 1) = 1
  h(1:n, 2) = x
  h(0, 2) = 0.5d0
  y = 0
  do k = 1, 3
    allocate(w(k + 1))
    do i = 1, k + 1
      w(i) = h(i - 1, 2)*x(i)**k
    end do
    h(1:k + 1, 2) = h(1:k + 1, 2) + sin(w)
    y = y + sum(w*w)
    deallocate(w)
  end do
  y = y + h(2, 2)*h(3, 2)
  deallocate(h)
  if (allocated(w)) y = 0
end subroutine
`,
			routine: "al",
			params:  []param{rval("x", 6), rval("y"), ival("n", 6)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		kernel{
			name: "allocmove",
			src: `
subroutine am(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), allocatable :: a(:), b(:)
  integer :: k
  a = x**2
  do k = 1, 2
    allocate(b(size(a) + 1))
    b(1:size(a)) = a*cos(a)
    b(size(b)) = a(1)
    call move_alloc(b, a)
    a = a*a(1)
  end do
  a = [sum(a), a(2)]
  y = a(1)*a(2)
end subroutine
`,
			routine: "am",
			params:  []param{rval("x", 5), rval("y"), ival("n", 5)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
	)
}

// TestAllocNotSupported lists what reverse mode still rejects of
// allocatables, each at its place. (Active pointers are rejected by the
// activity analysis: generator/analysis/activity.)
func TestAllocNotSupported(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"source with stat", `
subroutine s(x, y)
  real(8), intent(in) :: x(3)
  real(8), intent(out) :: y
  real(8), allocatable :: w(:)
  integer :: ierr
  allocate(w, source=2*x, stat=ierr)
  y = sum(w)
end subroutine
`, "k.f90:6:3: not supported yet: ALLOCATE with SOURCE= of an active value and STAT= or ERRMSG= in reverse mode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", c.src)
			_, af, err := generate(t, prog, "s", []string{"x"}, []string{"y"})
			if err == nil {
				var sb strings.Builder
				printer.Fprint(&sb, af)
				t.Fatalf("no error; generated:\n%s", sb.String())
			}
			if err.Error() != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}
