package adjoint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	fadjdriver "github.com/fadj-dev/fadj/generator/driver"
)

// TestFixedPointCalleeCopyRejected checks the copies a callee makes of
// the state's own elements that the marks after the call do not follow
// (fp_callee_copy.go): they stay rejected at the call.
func TestFixedPointCalleeCopyRejected(t *testing.T) {
	const spec = `version: 1
sources: [m.f90]
output: {dir: ad}
targets:
  - routine: jac::solve
    mode: reverse
    independents: [f]
    dependents: [t]
    calls: split
    fixed_point:
      - loop: fp
`
	const solve = `
  subroutine solve(n, f, t)
    integer, intent(in) :: n
    real(8), intent(in) :: f(n)
    real(8), intent(out) :: t(n)
    real(8) :: told(n), err
    t = 0
    err = 1
    fp: do while (err > 1.0d-13)
      told = t
      call sweep(n, t, f)
      err = maxval(abs(t - told))
    end do fp
  end subroutine
end module
`
	for _, tc := range []struct{ name, sweep string }{
		// The copies after the interior: a copy overwriting an element
		// marked would leave it marked.
		{"copy after", `    do i = 2, n - 1
      tn(i) = 0.5d0*(t(i-1) + t(i+1)) + 0.1d0*f(i)
    end do
    tn(1) = t(1)
    tn(n) = t(n)
    t = tn`},
		// A copy in a DO loop, or whole, would mark every element.
		{"copy loop", `    do i = 1, n
      tn(i) = t(i)
    end do
    do i = 2, n - 1
      tn(i) = 0.5d0*(t(i-1) + t(i+1)) + 0.1d0*f(i)
    end do
    t = tn`},
		{"copy whole", `    tn = t
    do i = 2, n - 1
      tn(i) = 0.5d0*(t(i-1) + t(i+1)) + 0.1d0*f(i)
    end do
    t = tn`},
	} {
		src := `module jac
  implicit none
contains
  subroutine sweep(n, t, f)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: f(n)
    real(8) :: tn(n)
    integer :: i
` + tc.sweep + "\n  end subroutine" + solve
		line := strings.Count(src[:strings.Index(src, "call sweep")], "\n") + 1
		want := fmt.Sprintf("m.f90:%d:7: not supported yet: state 't' of fixed-point loop solve::fp passed to 'sweep', which may define only part of it", line)
		dir := t.TempDir()
		for n, s := range map[string]string{"m.f90": src, "spec.yaml": spec} {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := fadjdriver.Generate(filepath.Join(dir, "spec.yaml"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, want)
		}
	}
}
