package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
)

// paramSelectSrc is a routine pointing a passive pointer at a module's
// saved parameter record, then at the caller's if present (CVMix's KPP),
// called by the target.
const paramSelectSrc = `
module sp
  implicit none
  type params_t
    real(8) :: kappa = 0.4d0
  end type
  type(params_t), target, save :: saved
contains
  subroutine scale(h, w, user)
    real(8), intent(in) :: h
    real(8), intent(out) :: w
    type(params_t), optional, target, intent(in) :: user
    type(params_t), pointer :: p
    p => saved
    if (present(user)) p => user
    w = p%kappa*h**2
  end subroutine
end module
subroutine run(x, cost)
  use sp
  real(8), intent(in) :: x
  real(8), intent(out) :: cost
  real(8) :: w
  integer :: i
  cost = 0
  do i = 1, 3
    call scale(x*i, w)
    cost = cost + w
  end do
end subroutine
`

// TestParamSelect: the pointer's associations all precede its reads, so
// the joint adjoint needs no replay of them (it rejected them: "passive
// pointer 'p' associated anew"); the split form, whose scale_bwd would
// read p unassociated, is rejected at the association, also where p is
// associated once (it gave a wrong gradient: dot-product error 1.0).
func TestParamSelect(t *testing.T) {
	prog := loadSrc(t, "k.f90", paramSelectSrc)
	if _, _, err := generateConf(t, prog, "run", []string{"x"}, []string{"cost"}, adjoint.Config{}); err != nil {
		t.Errorf("joint: %v", err)
	}
	prog = loadSrc(t, "k.f90", strings.Replace(paramSelectSrc, "if (present(user)) p => user", "", 1))
	_, _, err := generateConf(t, prog, "run", []string{"x"}, []string{"cost"}, adjoint.Config{Plan: splitAll})
	want := "k.f90:13:5: not supported yet: passive pointer 'p', which active statements read, associated in 'scale' reversed in split mode"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("split: got %v\nwant %s", err, want)
	}
}
