package adjoint_test

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/plan"
)

// constSrc is issue 9's reproduction: c is passed by f's caller, and a
// snapshot that pushed and popped it wrote into read-only memory when the
// caller passed a constant (SIGSEGV).
const constSrc = `
      subroutine g(t, c, r)
      double precision t, c, r
      r = c*t*t
      end
      subroutine f(n, x, y, c)
      integer n, i
      double precision x(n), y, c, r, t
      y = 0.0d0
      do i = 1, n
         t = x(i)
         call g(t, c, r)
         y = y + r
      end do
      end
`

// constDriver passes a PARAMETER for c (gfortran keeps it in read-only
// memory: a write through the argument crashes) to f and f_b, and
// compares the gradient with central finite differences.
const constDriver = `
program main
  implicit none
  integer, parameter :: n = 5
  double precision, parameter :: c = 1.75d0
  double precision :: x(n), xb(n), y, yb, yp, ym, h, fd, err
  integer :: i
  do i = 1, n
    x(i) = 0.3d0 + 0.1d0*i
  end do
  xb = 0
  yb = 1
  call f_b(n, x, xb, y, yb, c)
  err = 0
  h = 1.0d-6
  do i = 1, n
    x(i) = x(i) + h
    call f(n, x, yp, c)
    x(i) = x(i) - 2*h
    call f(n, x, ym, c)
    x(i) = x(i) + h
    fd = (yp - ym)/(2*h)
    err = max(err, abs(fd - xb(i))/max(abs(fd), 1.0d-300))
  end do
  print '(es24.16)', err
end program
`

// TestConstantArgumentNeverWritten: the adjoint of f never writes c,
// whatever the snapshot option, and runs with a PARAMETER for it.
func TestConstantArgumentNeverWritten(t *testing.T) {
	gf := gfortrantest.Require(t)
	for _, opt := range []plan.Snapshots{plan.Lazy, plan.Eager, plan.Auto} {
		t.Run(opt.String(), func(t *testing.T) {
			t.Parallel()
			prog := loadSrc(t, "k.f", constSrc)
			routine := prog.Info.Global.Lookup("f")
			conf := adjoint.Config{Plan: plan.Uniform(prog, routine, plan.Reversal{Mode: plan.Joint, Snapshots: opt})}
			_, af, err := generateConf(t, prog, "f", []string{"x"}, []string{"y"}, conf)
			if err != nil {
				t.Fatal(err)
			}
			var code strings.Builder
			if err := printer.Fprint(&code, af); err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(code.String(), "\n") {
				if strings.Contains(line, "_pop_") && strings.Contains(line, "(c") {
					t.Errorf("the adjoint writes c: %s", strings.TrimSpace(line))
				}
			}
			dir := t.TempDir()
			files := map[string]string{"k.f": strings.TrimLeft(constSrc, "\n"), "adjoint.f90": code.String(), "main.f90": constDriver}
			for n, s := range files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			rtObj, rtDir := runtimeObject(t, gf)
			c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0", "-ffree-line-length-none", "-I" + rtDir}}
			if err := c.Build(dir, "main", rtObj, "k.f", "adjoint.f90", "main.f90"); err != nil {
				t.Fatal(err)
			}
			out, err := gfortran.Run(dir, "./main", time.Minute)
			if err != nil {
				t.Fatalf("the adjoint does not run with a PARAMETER for c: %v\n%s", err, code.String())
			}
			e, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
			if err != nil || math.IsNaN(e) || e > 1e-6 {
				t.Errorf("gradient vs central finite differences: relative error %s", strings.TrimSpace(string(out)))
			}
		})
	}
}
