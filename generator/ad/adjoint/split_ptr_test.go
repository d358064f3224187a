package adjoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
)

// TestSplitPointerRejected: the pointers a routine reversed in split mode
// cannot associate again in foo_bwd stay rejected at their declaration
// (split_ptr_comp.go takes the others).
func TestSplitPointerRejected(t *testing.T) {
	const want = "not supported yet: pointer variable '%s' in '%s', reversed in split mode"
	for _, c := range []struct{ name, src, ptr, in, pos string }{
		{"module part a callee may allocate", `
module ocean
  implicit none
  type grid_t
    real(8), allocatable :: t(:)
  end type
  type(grid_t), target :: g
contains
  subroutine regrid()
    if (.not. allocated(g%t)) allocate(g%t(4))
  end subroutine
  subroutine mix(k)
    real(8), intent(in) :: k
    real(8), pointer :: t(:)
    t => g%t
    call regrid()
    t(2:4) = t(2:4) + k*t(1:3)**2
  end subroutine
end module
subroutine run(x, k, cost)
  use ocean
  real(8), intent(in) :: x(4), k
  real(8), intent(out) :: cost
  allocate(g%t(4))
  g%t = x
  call mix(k)
  cost = sum(g%t**2)
  deallocate(g%t)
end subroutine
`, "t", "mix", "k.f90:13:25"},
		{"host pointer the internal procedure moves", `
subroutine run(x, cost)
  real(8), intent(inout) :: x(4)
  real(8), intent(out) :: cost
  real(8), target :: day(4), night(4)
  real(8), pointer :: k(:)
  day = 0.1d0
  night = 0.05d0
  k => day
  call relax()
  call relax()
  cost = sum(x**2)
contains
  subroutine relax()
    x = x - k*x**2
    k => night
  end subroutine
end subroutine
`, "k", "relax", "k.f90:5:23"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "k.f90", c.src)
			_, _, err := generateConf(t, prog, "run", []string{"x"}, []string{"cost"}, adjoint.Config{Plan: splitAll})
			msg := c.pos + ": " + fmt.Sprintf(want, c.ptr, c.in)
			if err == nil || !strings.Contains(err.Error(), msg) {
				t.Errorf("got  %v\nwant %s", err, msg)
			}
		})
	}
}
