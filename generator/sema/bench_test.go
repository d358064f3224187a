package sema

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// genSource generates about n lines of free-form Fortran: modules with
// named constants, derived types and module procedures, and external
// subroutines and functions with declarations, loops, IF constructs,
// calls and arithmetic.
func genSource(n int) string {
	var b strings.Builder
	line := 0
	w := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		line++
	}
	w("module kinds")
	w("  implicit none")
	w("  integer, parameter :: dp = kind(1.d0), sp = selected_real_kind(6, 37)")
	w("  integer, parameter :: ik = selected_int_kind(9)")
	w("  real(dp), parameter :: pi = 3.141592653589793_dp, half = 0.5_dp")
	w("end module kinds")
	m := 0
	for line < n {
		mod := fmt.Sprintf("m%d", m)
		w("module %s", mod)
		w("  use kinds")
		w("  implicit none")
		w("  integer, parameter :: n%d = %d", m, 10+m%7)
		w("  type vec%d", m)
		w("    real(dp) :: x, y, z")
		w("    real(dp) :: w(3)")
		w("  end type vec%d", m)
		w("  real(dp), save :: total%d = 0.0_dp", m)
		w("contains")
		w("  pure function dot%d(a, b) result(d)", m)
		w("    type(vec%d), intent(in) :: a, b", m)
		w("    real(dp) :: d")
		w("    d = a%%x*b%%x + a%%y*b%%y + a%%z*b%%z + sum(a%%w*b%%w)")
		w("  end function dot%d", m)
		for p := 0; p < 8 && line < n; p++ {
			name := fmt.Sprintf("s%d_%d", m, p)
			w("  subroutine %s(n, x, y, f, v)", name)
			w("    integer, intent(in) :: n")
			w("    real(dp), intent(in) :: x(n)")
			w("    real(dp), intent(inout) :: y(n)")
			w("    real(dp), intent(out) :: f")
			w("    type(vec%d), intent(inout) :: v", m)
			w("    integer :: i, j, k")
			w("    real(dp) :: s, t, u(n%d), a(n%d, n%d)", m, m, m)
			w("    logical :: done")
			w("    s = 0.0_dp")
			w("    t = half * pi")
			w("    done = .false.")
			w("    do i = 1, n")
			w("      s = s + x(i) * y(i) - sqrt(abs(x(i))) / (1.0_dp + exp(-t * x(i)))")
			w("      if (s > 1.0e3_dp) then")
			w("        s = s * 0.5_dp")
			w("      else if (s < -1.0e3_dp) then")
			w("        s = -s")
			w("      else")
			w("        y(i) = y(i) + sin(s) * cos(t) + max(x(i), 0.0_dp)")
			w("      end if")
			w("    end do")
			w("    do j = 1, n%d", m)
			w("      do k = 1, n%d", m)
			w("        a(k, j) = real(k + j, dp) / real(n%d, dp)", m)
			w("      end do")
			w("      u(j) = sum(a(:, j)) + dble(j) ** 2")
			w("    end do")
			w("    v%%x = v%%x + s")
			w("    v%%w(1) = v%%w(2) + dot%d(v, v)", m)
			if p > 0 {
				w("    call s%d_%d(n, x, y, f, v)", m, p-1)
			}
			w("    f = s + t + maxval(u) + total%d", m)
			w("    if (.not. done) f = f * 2.0_dp")
			w("  end subroutine %s", name)
		}
		w("end module %s", mod)
		// an external F77-style subroutine using the module
		w("subroutine ext%d(n, x, r)", m)
		w("  use %s, only: s%d_0, vec%d, wp => dp", mod, m, m)
		w("  implicit none")
		w("  integer n, i")
		w("  real(wp) x(n), r, f")
		w("  type(vec%d) :: v", m)
		w("  r = 0")
		w("  v%%x = 1; v%%y = 2; v%%z = 3; v%%w = 0")
		w("  do 10 i = 1, n")
		w("    r = r + x(i)**2")
		w("10 continue")
		w("  call s%d_0(n, x, x, f, v)", m)
		w("  r = sqrt(r) + f")
		w("end subroutine ext%d", m)
		m++
	}
	w("program main")
	w("  use kinds")
	w("  implicit none")
	w("  real(dp) :: x(10), r")
	w("  x = 1.0_dp")
	for i := 0; i < m && i < 50; i++ {
		w("  call ext%d(10, x, r)", i)
	}
	w("end program main")
	return b.String()
}

func BenchmarkCheck(b *testing.B) {
	text := genSource(100000)
	lines := strings.Count(text, "\n")
	fset := source.NewFileSet()
	f, err := parser.ParseFile(fset, "bench.f90", []byte(text), parser.Config{})
	if err != nil {
		b.Fatal(err)
	}
	files := []*ast.File{f}
	if _, err := Check(fset, files, nil); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := Check(fset, files, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	// CPU time (all threads, the garbage collector's included) is less
	// sensitive than wall time to other load on the machine.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(lines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
	}
}

// cpuTime returns the user and system CPU time of the process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkParseAndCheck measures the whole front end on the same source.
func BenchmarkParseAndCheck(b *testing.B) {
	text := []byte(genSource(100000))
	lines := strings.Count(string(text), "\n")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		fset := source.NewFileSet()
		f, err := parser.ParseFile(fset, "bench.f90", text, parser.Config{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Check(fset, []*ast.File{f}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(lines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
	}
}

// TestGeneratedSource checks that the benchmark's source is valid.
func TestGeneratedSource(t *testing.T) {
	text := genSource(3000)
	fset := source.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.f90", []byte(text), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Check(fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	order, cycles := info.CallGraph.BottomUp()
	if len(cycles) != 0 || len(order) < 100 {
		t.Errorf("%d procedures, cycles %v", len(order), cycles)
	}
}
