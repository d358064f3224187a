package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/scanner"
	"github.com/fadj-dev/fadj/generator/source"
)

// benchSource generates a free-form file of about n lines of ordinary
// numerical code: modules with derived types and procedures, loops,
// conditionals, array sections and arithmetic.
func benchSource(n int) (string, int) {
	var b strings.Builder
	lines := 0
	w := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		lines++
	}
	for m := 0; lines < n; m++ {
		w("! module %d: generated for the parser benchmark", m)
		w("module bench_mod%d", m)
		w("  use iso_fortran_env, only: real64, int32")
		w("  implicit none")
		w("  integer, parameter :: dp = kind(1.d0), n%d = 100", m)
		w("  real(dp), allocatable, dimension(:,:) :: grid")
		w("  type :: state%d", m)
		w("    real(dp) :: x(3) = 0.0_dp, v(3)")
		w("    integer :: id")
		w("  end type state%d", m)
		w("contains")
		for s := 0; s < 8; s++ {
			w("  subroutine step%d_%d(u, f, n, dt, err)", m, s)
			w("    integer, intent(in) :: n")
			w("    real(dp), intent(inout) :: u(n), f(0:n+1)")
			w("    real(dp), intent(in) :: dt")
			w("    real(dp), intent(out) :: err")
			w("    integer :: i, j, k")
			w("    real(dp) :: a, b, c, tmp(n)")
			w("    ! relax the interior points")
			w("    err = 0.0_dp")
			w("    do i = 2, n - 1")
			w("      a = 0.5_dp * (u(i-1) + u(i+1)) - dt**2 * f(i)")
			w("      b = abs(a - u(i))")
			w("      if (b > err) then")
			w("        err = b")
			w("      else if (b < 1.0e-12_dp) then")
			w("        cycle")
			w("      end if")
			w("      u(i) = u(i) + 1.5_dp * (a - u(i))")
			w("    end do")
			w("    do j = 1, n")
			w("      do k = 1, 3")
			w("        c = sin(real(j, dp) * dt) * cos(real(k, dp)) + exp(-a * b) / (1.0_dp + c**2)")
			w("        tmp(j) = max(tmp(j), c) + sqrt(abs(f(j) * u(j))) - 2.0_dp * a * b")
			w("      end do")
			w("    end do")
			w("    tmp(2:n-1:2) = u(1:n-2:2) + f(3:n:2) * dt")
			w("    where (tmp > 0.0_dp) tmp = log(tmp)")
			w("    if (any(tmp /= tmp)) err = -1.0_dp")
			w("    select case (n)")
			w("    case (1:10)")
			w("      u = u * 0.5_dp")
			w("    case default")
			w("      u(1) = sum(tmp) / real(n, dp)")
			w("    end select")
			w("    call helper%d(u, n, [1.0_dp, 2.0_dp, 3.0_dp])", m)
			w("  end subroutine step%d_%d", m, s)
			w("")
		}
		w("  pure real(dp) function helper%d(x, n, w) result(r)", m)
		w("    integer, intent(in) :: n")
		w("    real(dp), intent(in) :: x(n), w(3)")
		w("    r = dot_product(x(1:3), w) + x(n)**2 - 3.0_dp*x(1)*x(2)")
		w("  end function helper%d", m)
		w("end module bench_mod%d", m)
	}
	return b.String(), lines
}

func BenchmarkParse(b *testing.B) {
	src, lines := benchSource(100000)
	data := []byte(src)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseFile(source.NewFileSet(), "bench.f90", data, Config{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkScanOnly measures the scanner alone on the same file, to tell
// the parser's share of BenchmarkParse.
func BenchmarkScanOnly(b *testing.B) {
	src, lines := benchSource(100000)
	data := []byte(src)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fset := source.NewFileSet()
		var errs diag.List
		scanner.Scan(fset.AddFile("bench.f90", data), data, scanner.Config{FileSet: fset}, &errs)
		if len(errs) > 0 {
			b.Fatal(errs)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}
