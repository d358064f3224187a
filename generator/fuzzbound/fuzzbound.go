// Package fuzzbound lets fuzz targets bound the time and memory one input
// may cost, as well as check that it does not crash: a budget with a fixed
// part and a part linear in the input's size, so that a small input that
// makes fadj quadratic (issue 14, finding 6) fails like a crash does.
//
// The fuzzing engine runs one input at a time in each worker process, so
// the bytes allocated meanwhile (runtime.MemStats.TotalAlloc) are the
// input's. Peak memory is at most what is allocated, so bounding the
// allocation bounds it too.
package fuzzbound

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// Budget is what one input of n bytes may cost: Time + n*TimePerByte and
// Alloc + n*AllocPerByte bytes allocated.
type Budget struct {
	Time         time.Duration
	TimePerByte  time.Duration
	Alloc        uint64
	AllocPerByte uint64
}

// Run calls f, the work on an input of n bytes, and fails t if it costs
// more than the budget. If f runs for four times its time budget, Run
// crashes the process, as a hang must be reported even if f never
// returns.
func (b Budget) Run(t testing.TB, n int, f func()) {
	t.Helper()
	maxTime := b.Time + time.Duration(n)*b.TimePerByte
	maxAlloc := b.Alloc + uint64(n)*b.AllocPerByte
	hang := time.AfterFunc(4*maxTime, func() {
		panic(fmt.Sprintf("fuzzbound: an input of %d bytes still runs after %v", n, 4*maxTime))
	})
	defer hang.Stop()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&m1)
	if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > maxAlloc {
		t.Fatalf("an input of %d bytes allocated %d MB, more than its budget of %d MB", n, alloc>>20, maxAlloc>>20)
	}
	if d > maxTime {
		t.Fatalf("an input of %d bytes took %v, more than its budget of %v", n, d, maxTime)
	}
}

// Large returns large inputs for seeds, each well-formed Fortran of
// about size bytes in free form, which stress what grows with input
// length: a long sum, a long product, a long comment line, a long data
// line, a long routine and a long literal.
func Large(size int) map[string]string {
	head := "subroutine f(x, y)\n  real(8), intent(in) :: x(4)\n  real(8), intent(out) :: y\n"
	tail := "end subroutine f\n"
	rep := func(s string) string {
		n := size / len(s)
		out := make([]byte, 0, n*len(s))
		for i := 0; i < n; i++ {
			out = append(out, s...)
		}
		return string(out)
	}
	return map[string]string{
		"sum":     head + "  y = x(1)" + rep(" &\n    + x(2)*x(3)") + "\n" + tail,
		"line":    head + "  y = x(1)" + rep("+x(2)") + "\n" + tail,
		"product": head + "  y = x(1)" + rep("*x(2)") + "\n" + tail,
		"comment": head + "  ! " + rep("word ") + "\n  y = x(1)\n" + tail,
		"data":    head + "  real(8), parameter :: c(" + fmt.Sprint(1+size/7) + ") = [1.5d0" + rep(", 1.5d0") + "]\n  y = sum(c)*x(1)\n" + tail,
		"routine": head + "  real(8) :: a\n  a = x(1)\n" + rep("  a = a*x(2) + sin(a)\n") + "  y = a\n" + tail,
		"literal": head + "  y = 1." + rep("1") + "d0*x(1)\n" + tail,
		"name":    head + "  real(8) :: " + rep("n") + "\n  y = x(1)\n" + tail,
	}
}
