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

// TestConvention checks the interface documented in the package comment:
// the adjoint of an input is accumulated into what the caller passed, that
// of an output is consumed (zero on exit), and that of an input-output
// dummy on exit is the adjoint of its entry value.
func TestConvention(t *testing.T) {
	gf := gfortrantest.Require(t)
	src := `
subroutine s(x, w, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(inout) :: w
  real(8), intent(out) :: y
  y = 3*x + w
  w = 5*w + x
end subroutine
`
	prog := loadSrc(t, "s.f90", src)
	_, af, err := generate(t, prog, "s", []string{"x", "w"}, []string{"y", "w"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, af); err != nil {
		t.Fatal(err)
	}
	drv := `program p
  use fadj_runtime
  implicit none
  real(8) :: x, w, y, x_b, w_b, y_b
  x = 1; w = 2; y = 0
  x_b = 1; w_b = 10; y_b = 2
  call s_b(x, x_b, w, w_b, y, y_b)
  print '(3f8.2,l2)', x_b, w_b, y_b, fadj_tape_empty()
end program
`
	dir := t.TempDir()
	files := map[string]string{"s.f90": strings.TrimLeft(src, "\n"), "adjoint.f90": sb.String(), "driver.f90": drv}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rtObj, rtDir := runtimeObject(t, gf)
	c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0", "-I" + rtDir}}
	if err := c.Build(dir, "driver", rtObj, "s.f90", "adjoint.f90", "driver.f90"); err != nil {
		t.Fatal(err)
	}
	out, err := gfortran.Run(dir, "./driver", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// x_b = 1 + 3*y_b + 1*w_b = 1 + 6 + 10; w_b = 1*y_b + 5*w_b = 52; y_b = 0.
	if got, want := strings.TrimSpace(string(out)), "17.00   52.00    0.00 T"; got != want {
		t.Errorf("got %q, want %q\n%s", got, want, sb.String())
	}
}
