package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

func TestGolden(t *testing.T) {
	src := `
subroutine f(x, y)
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(out) :: y
  if (x > 0) then
    y = sin(x)*x
  else
    y = x
  end if
  x = 2*x + y
end subroutine
`
	prog := loadSrc(t, "f.f90", src)
	_, af, err := generateConf(t, prog, "f", []string{"x"}, []string{"x", "y"}, adjoint.Config{StoreAll: true})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, af); err != nil {
		t.Fatal(err)
	}
	want := `subroutine f_b(x, x_b, y, y_b)
  use fadj_runtime
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(out) :: y
  real(8), intent(inout) :: x_b
  real(8), intent(inout) :: y_b
  integer :: fadj_branch
  real(8) :: fadj_tmp1_b
  if (x > 0) then
    call fadj_push_r8(y)
    y = sin(x)*x
    call fadj_push_i4(1)
  else
    call fadj_push_r8(y)
    y = x
    call fadj_push_i4(2)
  end if
  call fadj_push_r8(x)
  x = 2*x + y
  call fadj_pop_r8(x)
  fadj_tmp1_b = x_b
  x_b = 0.0_8
  x_b = x_b + 2*fadj_tmp1_b
  y_b = y_b + fadj_tmp1_b
  call fadj_pop_i4(fadj_branch)
  if (fadj_branch == 1) then
    call fadj_pop_r8(y)
    x_b = x_b + cos(x)*(x*y_b)
    x_b = x_b + sin(x)*y_b
    y_b = 0.0_8
  else if (fadj_branch == 2) then
    call fadj_pop_r8(y)
    x_b = x_b + y_b
    y_b = 0.0_8
  end if
  y_b = 0.0_8
end subroutine f_b
`
	if got := sb.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestGoldenTBR is TestGolden with TBR recording: y's old value is never
// needed, x's (for sin(x)*x) is recorded before x = 2*x + y only, and
// restored there, so the backward sweep evaluates x > 0 again instead of
// recording the branch taken.
func TestGoldenTBR(t *testing.T) {
	src := `
subroutine f(x, y)
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(out) :: y
  if (x > 0) then
    y = sin(x)*x
  else
    y = x
  end if
  x = 2*x + y
end subroutine
`
	prog := loadSrc(t, "f.f90", src)
	_, af, err := generate(t, prog, "f", []string{"x"}, []string{"x", "y"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, af); err != nil {
		t.Fatal(err)
	}
	want := `subroutine f_b(x, x_b, y, y_b)
  use fadj_runtime
  implicit none
  real(8), intent(inout) :: x
  real(8), intent(out) :: y
  real(8), intent(inout) :: x_b
  real(8), intent(inout) :: y_b
  real(8) :: fadj_tmp1_b
  if (x > 0) then
    y = sin(x)*x
  else
    y = x
  end if
  call fadj_push_r8(x)
  x = 2*x + y
  call fadj_pop_r8(x)
  fadj_tmp1_b = x_b
  x_b = 0.0_8
  x_b = x_b + 2*fadj_tmp1_b
  y_b = y_b + fadj_tmp1_b
  if (x > 0) then
    x_b = x_b + cos(x)*(x*y_b)
    x_b = x_b + sin(x)*y_b
    y_b = 0.0_8
  else
    x_b = x_b + y_b
    y_b = 0.0_8
  end if
  y_b = 0.0_8
end subroutine f_b
`
	if got := sb.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
