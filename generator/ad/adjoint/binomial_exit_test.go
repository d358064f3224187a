package adjoint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestCheckpointedLoopStats runs the adjoint of checkpointed loops whose
// trip count is known only when they end (a DO WHILE, loops left by
// EXIT) once and checks the binomial statistics it counts: schedules,
// steps, forward steps run, snapshots taken, steps recorded. A loop
// checkpointing each iteration runs each step once forward and once
// recorded, with a snapshot each; an online binomial one runs at least
// t(n, s) + 1 forward steps (docs/checkpointing.md) and records each
// step once.
func TestCheckpointedLoopStats(t *testing.T) {
	gf := gfortrantest.Require(t)
	byName := map[string]regionKernel{}
	for _, rk := range regionKernels {
		byName[rk.k.name] = rk
	}
	tests := []struct {
		kernel string
		steps  int // the loop's trip count with the driver's inputs
		each   bool
	}{
		{"bnwhileeach", 12, true},     // t from 0 by 0.05 while below 0.6
		{"bnexitwhileeach", 18, true}, // 0.8**18 < 0.02
		{"bnexitwhile", 18, false},
		{"bnexiteach", 45, true}, // with these inputs no step exits
		{"bnexit", 60, false},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.kernel, func(t *testing.T) {
			t.Parallel()
			rk := byName[tc.kernel]
			prog := loadSrc(t, "kernel.f90", rk.k.src)
			_, pl := regionPlan(t, prog, rk)
			_, as := printed(t, prog, rk.k, adjoint.Config{Plan: pl})
			got := runStats(t, gf, rk, as)
			sched, steps, adv, shots, turns := got[0], got[1], got[2], got[3], got[4]
			if sched != 1 || steps < 2 || turns != steps || tc.steps > 0 && steps != int64(tc.steps) {
				t.Errorf("schedules %d, steps %d, recorded %d; want 1, %d, %d", sched, steps, turns, tc.steps, tc.steps)
			}
			if tc.each && (adv != steps || shots != steps) {
				t.Errorf("each iteration: %d forward steps, %d snapshots for %d steps; want %d each", adv, shots, steps, steps)
			}
			if !tc.each && !(adv > got[5] && adv < got[5]+steps) {
				t.Errorf("online: %d forward steps for %d steps, want between t(n, s) + 1 = %d and t(n, s) + n - 1", adv, steps, got[5]+1)
			}
			t.Logf("%s: schedules %d steps %d forward %d snapshots %d recorded %d (t(n, s) = %d)", tc.kernel, sched, steps, adv, shots, turns, got[5])
		})
	}
}

// runStats builds adjoint code adj of rk with a driver that runs it once
// and prints the binomial statistics and t(steps, snapshots) of rk's
// first loop.
func runStats(t *testing.T, gf string, rk regionKernel, adj string) [6]int64 {
	t.Helper()
	k := rk.k
	var decls, inits, args []string
	for _, p := range k.params {
		if !p.real {
			decls = append(decls, fmt.Sprintf("  integer :: %s = %d", p.name, p.int))
			args = append(args, p.name)
			continue
		}
		decls = append(decls, fmt.Sprintf("  real(8) :: %s, %s", p.decl(p.name), p.decl(p.name+"_b")))
		inits = append(inits, fmt.Sprintf("  %s = 0.7d0\n  %s_b = 1", p.name, p.name))
		args = append(args, p.name)
		if contains(k.ins, p.name) || contains(k.outs, p.name) {
			args = append(args, p.name+"_b")
		}
	}
	drv := fmt.Sprintf(`program driver
  use fadj_runtime
  implicit none
%s
%s
  call fadj_binomial_reset()
  call %s_b(%s)
  print '(6(i0, 1x))', fadj_binomial_schedules(), fadj_binomial_steps(), fadj_binomial_advances(), &
    fadj_binomial_snapshots(), fadj_binomial_turns(), fadj_binomial_optimum(int(fadj_binomial_steps()), %d)
end program
`, strings.Join(decls, "\n"), strings.Join(inits, "\n"), k.routine, strings.Join(args, ", "), max(rk.loops[0].snaps, 1))
	dir := t.TempDir()
	files := map[string]string{"kernel.f90": strings.TrimLeft(k.src, "\n"), "adjoint.f90": adj, "driver.f90": drv}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rtObj, rtDir := runtimeObject(t, gf)
	c := &gfortran.Compiler{Path: gf, Flags: []string{"-O0", "-ffree-line-length-none", "-I" + rtDir}}
	if err := c.Build(dir, "driver", rtObj, "kernel.f90", "adjoint.f90", "driver.f90"); err != nil {
		t.Fatalf("build: %v\n%s\n%s", err, adj, drv)
	}
	out, err := gfortran.Run(dir, "./driver", 60*time.Second)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	var got [6]int64
	if n, err := fmt.Sscan(string(out), &got[0], &got[1], &got[2], &got[3], &got[4], &got[5]); n != 6 || err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	return got
}
