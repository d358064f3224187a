package activity_test

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// genSource writes a free-form program of about n lines in the style of
// a model (after generator/load's genSource): modules with kinds,
// parameters and derived types, many subroutines with declarations,
// loops, branches, calls and arithmetic, and a driver module whose
// subroutine run calls every step, so that the whole program is analysed
// when run is the target.
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
	var steps []string
	var mods []string
	for m := 0; lines < n; m++ {
		mods = append(mods, fmt.Sprintf("physics%d", m))
		fmt.Fprintf(&b, "module physics%d\n  use kinds, only: dp, nx, ny, grid\n  implicit none\n  real(dp), save :: coef%d = 0.5_dp\ncontains\n", m, m)
		lines += 5
		fmt.Fprintf(&b, `  function energy%d(w) result(e)
    real(dp), intent(in) :: w(nx, ny)
    real(dp) :: e
    e = sum(w*w)
  end function energy%d
`, m, m)
		lines += 5
		for s := 0; s < 20 && lines < n; s++ {
			steps = append(steps, fmt.Sprintf("step%d_%d", m, s))
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
      r = energy%d(u)
      cost = cost + max(r, 0.0_dp)
    end do
  end subroutine step%d_%d

`, m, s, m, s, m, m, m, m, s)
			lines += 32
		}
		fmt.Fprintf(&b, "end module physics%d\n", m)
		lines++
	}
	b.WriteString("module driver\n")
	for _, m := range mods {
		fmt.Fprintf(&b, "  use %s\n", m)
	}
	b.WriteString(`  implicit none
contains
  subroutine run(g, u, v, nt, total)
    type(grid), intent(in) :: g
    real(dp), intent(inout) :: u(nx, ny), v(nx, ny)
    integer, intent(in) :: nt
    real(dp), intent(out) :: total
    real(dp) :: c
    total = 0.0_dp
`)
	for _, s := range steps {
		fmt.Fprintf(&b, "    call %s(g, u, v, nt, c)\n    total = total + c\n", s)
	}
	b.WriteString("  end subroutine run\nend module driver\n")
	return b.String()
}

func genTarget(tb testing.TB, prog *load.Program) *analysis.Target {
	tb.Helper()
	sc := prog.Info.Module("driver").Inner.Lookup("run").Proc.Scope
	return &analysis.Target{
		Routine:      sc.Symbol,
		Independents: []*sema.Symbol{sc.Lookup("u")},
		Dependents:   []*sema.Symbol{sc.Lookup("total")},
	}
}

func loadGen(tb testing.TB, n int) (*load.Program, int) {
	tb.Helper()
	src := []byte(genSource(n))
	prog, err := load.Files([]string{"gen.f90"}, load.Config{ReadFile: func(string) ([]byte, error) { return src, nil }})
	if err != nil {
		tb.Fatal(err)
	}
	return prog, strings.Count(string(src), "\n")
}

func TestGenSource(t *testing.T) {
	prog, _ := loadGen(t, 2000)
	results, err := analysis.Run(prog, genTarget(t, prog), activity.Analyzer)
	if err != nil {
		t.Fatal(err)
	}
	res := results[activity.Analyzer].(*activity.Result)
	lastStep := ""
	for _, n := range prog.Info.CallGraph.Nodes {
		if strings.HasPrefix(n.Proc.Name, "step") {
			lastStep = n.Proc.Name
		}
	}
	// Every step and energy function, and run, get one version.
	steps, energies := 0, 0
	for _, pa := range res.Procs {
		switch {
		case strings.HasPrefix(pa.Proc.Name, "step"):
			// u and v flow from one step to the next: the first
			// step gets u only, the last one gives cost only.
			steps++
			want := "in(u,v) out(u,v,cost)"
			switch pa.Proc.Name {
			case "step0_0":
				want = "in(u) out(u,v,cost)"
			case lastStep:
				want = "in(u,v) out(cost)"
			}
			if got := pa.Pattern.String(); got != want {
				t.Errorf("%s: pattern %s, want %s", pa.Proc.Name, got, want)
			}
			var vs []string
			for _, v := range pa.ActiveVars() {
				vs = append(vs, v.String())
			}
			if got := strings.Join(vs, " "); got != "cost r tmp u v" {
				t.Errorf("%s: active %s", pa.Proc.Name, got)
			}
		case strings.HasPrefix(pa.Proc.Name, "energy"):
			energies++
			if got := pa.Pattern.String(); got != "in(w) out(e)" {
				t.Errorf("%s: pattern %s", pa.Proc.Name, got)
			}
		}
	}
	if steps < 50 || energies < 3 || res.Procs[len(res.Procs)-1] != res.Target {
		t.Errorf("%d steps, %d energies, last %v", steps, energies, res.Procs[len(res.Procs)-1])
	}
}

// BenchmarkActivity analyses a generated 100,000-line program whose
// target calls every routine, reporting lines per second of wall-clock
// time and per second of CPU time of the process (which stays meaningful
// on a loaded machine). The front end is not timed.
func BenchmarkActivity(b *testing.B) {
	prog, nlines := loadGen(b, 100000)
	target := genTarget(b, prog)
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := analysis.Run(prog, target, activity.Analyzer); err != nil {
			b.Fatal(err)
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(nlines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	if cpu > 0 {
		b.ReportMetric(float64(nlines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
	}
}

// cpuTime returns the user and system CPU time of the process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
