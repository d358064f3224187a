package load

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// genSource writes a free-form program of about n lines in the style of
// a model: modules with kinds, parameters and derived types, and many
// subroutines with declarations, loops, branches, calls and arithmetic.
func genSource(n int) string {
	var b strings.Builder
	b.WriteString(`module kinds
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: nx = 64, ny = 32
  type grid
    real(dp) :: dx, dy
    real(dp), dimension(nx, ny) :: h
  end type grid
end module kinds
`)
	lines := 9
	for m := 0; lines < n; m++ {
		fmt.Fprintf(&b, "module physics%d\n  use kinds, only: dp, nx, ny, grid\n  implicit none\n  real(dp), save :: coef%d = 0.5_dp\ncontains\n", m, m)
		lines += 5
		for s := 0; s < 20 && lines < n; s++ {
			fmt.Fprintf(&b, `  ! advance the state by one step (unit %d.%d)
  subroutine step%d_%d(g, u, v, nt, cost)
    type(grid), intent(in) :: g
    real(dp), intent(inout) :: u(nx, ny), v(nx, ny)
    integer, intent(in) :: nt
    real(dp), intent(out) :: cost
    real(dp) :: tmp(nx, ny), r
    integer :: i, j, k
    cost = 0.0_dp
    do k = 1, nt
      do j = 2, ny - 1
        do i = 2, nx - 1
          tmp(i, j) = u(i, j) + coef%d*(u(i+1, j) - 2.0_dp*u(i, j) + u(i-1, j))/g%%dx**2 &
                    + coef%d*(u(i, j+1) - 2.0_dp*u(i, j) + u(i, j-1))/g%%dy**2
          if (tmp(i, j) > 1.0_dp) then
            tmp(i, j) = sqrt(tmp(i, j))
          else if (tmp(i, j) < -1.0_dp) then
            tmp(i, j) = -exp(tmp(i, j) + 1.0_dp)
          else
            tmp(i, j) = tmp(i, j)*(1.0_dp - 0.1_dp*sin(v(i, j)))
          end if
        end do
      end do
      u(2:nx-1, 2:ny-1) = tmp(2:nx-1, 2:ny-1)
      v = 0.5_dp*(v + u)
      r = sum(u*u)
      cost = cost + max(r, 0.0_dp)
    end do
  end subroutine step%d_%d

`, m, s, m, s, m, m, m, s)
			lines += 32
		}
		fmt.Fprintf(&b, "end module physics%d\n", m)
		lines++
	}
	return b.String()
}

func TestGenSourceIsClean(t *testing.T) {
	src := genSource(2000)
	_, err := Files([]string{"gen.f90"}, Config{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkFrontEnd parses and analyses a generated 100,000-line
// source, reporting lines per second (the goal is 200,000 on 2 cores),
// with Go's default GC setting and with the one the fadj command runs
// with (GOGC=400, set in generator/cmd/fadj).
func BenchmarkFrontEnd(b *testing.B) {
	src := []byte(genSource(100000))
	nlines := strings.Count(string(src), "\n")
	read := func(string) ([]byte, error) { return src, nil }
	for _, gc := range []int{100, 400} {
		b.Run(fmt.Sprintf("gogc=%d", gc), func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(gc))
			runtime.GC()
			b.SetBytes(int64(len(src)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Files([]string{"gen.f90"}, Config{ReadFile: read}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(nlines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// TestBOM: a UTF-8 byte order mark at the start of a file is ignored, in
// both source forms, as gfortran ignores it (issue 14, finding 7).
func TestBOM(t *testing.T) {
	for name, src := range map[string]string{
		"free.f90": "\uFEFFsubroutine s(x)\n  real :: x\n  x = 1\nend subroutine s\n",
		"fixed.f":  "\uFEFF      SUBROUTINE S(X)\n      REAL X\n      X = 1\n      END\n",
	} {
		_, err := Files([]string{name}, Config{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
