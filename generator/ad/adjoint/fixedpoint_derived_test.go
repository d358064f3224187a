package adjoint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	fadjdriver "github.com/fadj-dev/fadj/generator/driver"
)

// TestFixedPointRejected checks what a fixed-point loop rejects at its
// place: an active derived-type variable as its state or a parameter
// (the analysis's sets hold only real and complex variables: left out,
// its adjoint would be wrong), and a body that changes the allocation of
// an allocatable array its end values hold.
func TestFixedPointRejected(t *testing.T) {
	const spec = `version: 1
sources: [s.f90]
output: {dir: ad}
targets:
  - routine: s
    mode: reverse
    independents: [p]
    dependents: [y]
    fixed_point:
      - loop: do it
        in: s
`
	for _, tc := range []struct{ name, src, want string }{
		{"state", `subroutine s(p, y)
  type st
    real(8) :: x, v(2)
  end type
  real(8), intent(in) :: p
  real(8), intent(out) :: y
  type(st) :: q
  real(8) :: xo
  integer :: it
  q%x = p
  q%v = 0
  do it = 1, 100
    xo = q%x
    q%x = 0.5d0*sin(q%x) + p
    q%v = 0.5d0*q%v + q%x
    if (abs(q%x - xo) < 1d-14) exit
  end do
  y = q%x + sum(q%v)
end subroutine
`, "s.f90:12:3: not supported yet: active derived-type variable 'q' in fixed-point loop s::line 12 (as its state or a parameter)"},
		{"parameter", `subroutine s(p, y)
  type coef
    real(8) :: a, b
  end type
  real(8), intent(in) :: p
  real(8), intent(out) :: y
  type(coef) :: c
  real(8) :: xo
  integer :: it
  c%a = p
  c%b = 2*p
  y = 0
  do it = 1, 100
    xo = y
    y = 0.5d0*sin(y)*c%a + c%b
    if (abs(y - xo) < 1d-14) exit
  end do
end subroutine
`, "s.f90:13:3: not supported yet: active derived-type variable 'c' in fixed-point loop s::line 13 (as its state or a parameter)"},
		{"realloc", `subroutine s(p, y)
  real(8), intent(in) :: p
  real(8), intent(out) :: y
  real(8), allocatable :: x(:)
  real(8) :: xo
  integer :: it
  x = [p, p]
  do it = 1, 100
    xo = x(1)
    x = 0.5d0*sin(x(1:2)) + p
    if (abs(x(1) - xo) < 1d-14) exit
  end do
  y = sum(x)
end subroutine
`, "s.f90:10:5: not supported yet: assignment that may reallocate allocatable 'x'"},
	} {
		dir := t.TempDir()
		for n, s := range map[string]string{"s.f90": tc.src, "spec.yaml": spec} {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}
