package adjoint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestModuleTableState calls the adjoint twice, then the primal, with a
// module table a callee fills on its first call (under a module flag)
// and reads in a loop with a GO TO (so that its adjoint records the
// table): the backward sweep popped the table back to its value before
// the first call while the flag stayed .FALSE., and the second gradient
// and the primal after it read an empty table (0 instead of -2.24, 20
// instead of 12.35). fadj check cannot see this: its driver restores
// the module variables before each run.
func TestModuleTableState(t *testing.T) {
	gf := gfortrantest.Require(t)
	src := `
module tabs
  implicit none
  real(8) :: tlook(4)
  logical :: first = .true.
end module tabs

subroutine taugb1(nlay, ng, tavel, taug)
  use tabs
  implicit none
  integer, intent(in) :: nlay, ng
  real(8), intent(in) :: tavel(nlay)
  real(8), intent(out) :: taug(nlay, ng)
  integer :: ig, lay
  real(8) :: fp
  if (first) then
    do ig = 1, 4
      tlook(ig) = 0.9d0 + 0.05d0*ig
    end do
    first = .false.
  end if
  do lay = 1, nlay
    fp = min(1.0d0, tavel(lay))
    do ig = 1, ng
      taug(lay, ig) = fp**2*tlook(ig)
      if (taug(lay, ig) < 50.0d0) go to 10
      taug(lay, ig) = 50.0d0
10    continue
    end do
  end do
end subroutine taugb1

subroutine rtrn(nlay, ng, tavel, flux)
  implicit none
  integer, intent(in) :: nlay, ng
  real(8), intent(in) :: tavel(nlay)
  real(8), intent(out) :: flux
  real(8) :: taug(nlay, ng)
  integer :: ig, lay
  flux = 0
  call taugb1(nlay, ng, tavel, taug)
  do ig = 1, ng
    do lay = 1, nlay
      flux = flux + exp(-taug(lay, ig))
    end do
  end do
end subroutine rtrn
`
	prog := loadSrc(t, "rad.f90", src)
	_, af, err := generate(t, prog, "rtrn", []string{"tavel"}, []string{"flux"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, af); err != nil {
		t.Fatal(err)
	}
	drv := `program p
  implicit none
  real(8) :: tavel(5), tavel_b(5), flux, flux_b
  integer :: k
  tavel = [0.3d0, 0.5d0, 0.7d0, 0.9d0, 1.1d0]
  do k = 1, 2
    tavel_b = 0; flux_b = 1
    call rtrn_b(5, 4, tavel, tavel_b, flux, flux_b)
    print '(2f8.2)', flux, tavel_b(1)
  end do
  call rtrn(5, 4, tavel, flux)
  print '(f8.2)', flux
end program
`
	dir := t.TempDir()
	files := map[string]string{"rad.f90": strings.TrimLeft(src, "\n"), "adjoint.f90": sb.String(), "driver.f90": drv}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rtObj, rtDir := runtimeObject(t, gf)
	c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0", "-I" + rtDir}}
	if err := c.Build(dir, "driver", rtObj, "rad.f90", "adjoint.f90", "driver.f90"); err != nil {
		t.Fatal(err)
	}
	out, err := gfortran.Run(dir, "./driver", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	want := "12.35   -2.24\n   12.35   -2.24\n   12.35"
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("got\n%s\nwant\n%s\n%s", got, want, sb.String())
	}
}
