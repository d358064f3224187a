package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
)

// blockLines is the number of lines one block of the synthetic routine
// has: assignments with temporaries, an IF construct, a loop over an
// array and a call, as legacy model routines are written.
const blockLines = 16

// syntheticRoutine writes a routine of about lines lines in nroutines
// routines called in turn by the target, with its spec, into dir.
func syntheticRoutine(t testing.TB, dir string, lines, nroutines int) string {
	var src strings.Builder
	src.WriteString(`subroutine leaf(a, b)
  real(8), intent(in) :: a
  real(8), intent(inout) :: b
  b = b + a*a
end subroutine leaf
`)
	per := lines / nroutines / blockLines
	for r := 0; r < nroutines; r++ {
		fmt.Fprintf(&src, "subroutine part%d(n, x, w, y)\n  integer, intent(in) :: n\n  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: w(n), y\n  integer :: i\n  real(8) :: t, s, u\n", r)
		for k := 0; k < per; k++ {
			j := k%7 + 1
			fmt.Fprintf(&src, `  t = x(%d)*1.5d0 + y
  s = t*t + 0.5d0*y
  u = exp(-s*s)
  if (s > 1d0) then
    y = y + sin(s)*u
  else
    y = y - cos(t)
  end if
  do i = 1, n
    w(i) = w(i) + t*x(i)
  end do
  call leaf(t, y)
  y = y + w(%d)*s
  s = u*y
  y = y*0.5d0 + s
`, j, j)
		}
		src.WriteString("end subroutine\n")
	}
	src.WriteString("subroutine top(n, x, y)\n  integer, intent(in) :: n\n  real(8), intent(in) :: x(n)\n  real(8), intent(out) :: y\n  real(8) :: w(n)\n  w = 0\n  y = 0\n")
	for r := 0; r < nroutines; r++ {
		fmt.Fprintf(&src, "  call part%d(n, x, w, y)\n", r)
	}
	src.WriteString("end subroutine top\n")
	if err := os.WriteFile(filepath.Join(dir, "big.f90"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := "version: 1\nsources: [big.f90]\noutput: {dir: ad}\ntargets:\n  - routine: top\n    mode: both\n    independents: [x]\n    dependents: [y]\n"
	p := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(p, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// BenchmarkGenerateScaling generates the tangent and adjoint of a routine
// of 1k to 16k lines, and of 1 to 16 routines of 1k lines: the time must
// grow linearly (go test -bench GenerateScaling -benchtime 3x
// ./generator/driver; ns/line is the figure to compare).
func BenchmarkGenerateScaling(b *testing.B) {
	cases := []struct{ lines, routines int }{
		{1000, 1}, {2000, 1}, {4000, 1}, {8000, 1}, {16000, 1},
		{2000, 2}, {4000, 4}, {8000, 8}, {16000, 16},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("lines=%d/routines=%d", c.lines, c.routines), func(b *testing.B) {
			spec := syntheticRoutine(b, b.TempDir(), c.lines, c.routines)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := driver.Generate(spec); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.lines), "ns/line")
		})
	}
}
