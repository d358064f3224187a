package driver_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/driver"
)

const scaleSpec = `version: 1
sources: [f.f90]
output: {dir: ad}
targets:
  - {routine: f, mode: both, independents: [x], dependents: [y]}
`

// generateAllocs generates the spec over src and returns the bytes
// allocated and the time taken.
func generateAllocs(t *testing.T, src string) (uint64, time.Duration) {
	t.Helper()
	dir := writeTree(t, map[string]string{"spec.yaml": scaleSpec, "f.f90": src})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	if _, err := driver.Generate(dir + "/spec.yaml"); err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, d
}

// TestLongCommentLine: a comment of 1 MiB on one line is wrapped into
// output lines at the cost of copying it once (issue 14, finding 6: each
// output line copied the rest of the comment, 4 GB allocated in all and
// 300-500 MB of peak memory).
func TestLongCommentLine(t *testing.T) {
	words := strings.Repeat("word ", (1<<20)/5)
	src := "subroutine f(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y\n  ! " + words + "\n  y = 2*x\nend subroutine f\n"
	alloc, d := generateAllocs(t, src)
	if alloc > 64<<20 {
		t.Errorf("generating from a 1 MiB comment line allocated %d MB, want less than 64", alloc>>20)
	}
	t.Logf("%d MB allocated in %v", alloc>>20, d)
}

// TestLongSum: the derivatives of a sum of 20,000 terms are generated in
// linear time (finding 6: sema's TypeOf re-walked every subexpression;
// 20,000 terms took minutes).
func TestLongSum(t *testing.T) {
	var b strings.Builder
	b.WriteString("subroutine f(x, y)\n  real(8), intent(in) :: x\n  real(8), intent(out) :: y\n  y = x")
	for i := 1; i < 20000; i++ {
		b.WriteString(" &\n    + x")
	}
	b.WriteString("\nend subroutine f\n")
	_, d := generateAllocs(t, b.String())
	if d > 15*time.Second {
		t.Errorf("a sum of 20,000 terms took %v", d)
	}
	t.Logf("%v", d)
}
