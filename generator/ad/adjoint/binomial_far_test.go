package adjoint_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// Jumps leaving a step of a checkpointed loop for further than the
// statement after it (binomial_exit.go: farJumps), checked against the
// plain adjoint by TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, farKernels...)
	allModes["bnfarreturn"], allModes["bnfarouter"], allModes["bnfargoto"] = true, true, true
}

var farKernels = []regionKernel{
	// A RETURN the routine goes on after, binomial.
	{kernel{name: "bnfarreturn", src: `
subroutine model(n, nt, u, y)
  integer :: n, nt, it
  real(8) :: u(n), y, e0
  e0 = sum(u**2)
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    y = y + sum(u**2)
    if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) return
    y = y*0.9d0
  end do
  y = y + it*sum(u)
  u = u*y
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y", "u"}},
		[]regionLoop{{v: "it", snaps: 2}}},
	// An EXIT of a loop around the checkpointed one, from a loop nested
	// in the step, and a CYCLE of it from the step.
	{kernel{name: "bnfarouter", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i, m
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  outer: do m = 1, 4
    time: do it = 1, nt
      u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
      if (m == 2 .and. it == 5) cycle outer
      do i = 1, n
        if (m == 3 .and. it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) exit outer
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
      y = y + sum(u**2)*it
    end do time
    y = y + m*sum(u)
  end do outer
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 25), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}}},
	// The same with the loop around checkpointed too.
	{kernel{name: "bnfarouter2", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i, m
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  outer: do m = 1, 4
    time: do it = 1, nt
      u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
      if (m == 2 .and. it == 5) cycle outer
      do i = 1, n
        if (m == 3 .and. it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) exit outer
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
      y = y + sum(u**2)*it
    end do time
    y = y + m*sum(u)
  end do outer
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 25), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}, {name: "outer", snaps: 2}}},
	// A GO TO to a label further down, from two loops deep, a snapshot
	// per iteration.
	{kernel{name: "bnfargoto", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0) go to 30
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)*it
  end do
  y = y + sum(u)
30 y = y + it*sum(u**2)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{v: "it"}}},
}

// TestFarJumpsTaken checks that the far jumps of farKernels are taken
// with the drivers' inputs: the steps the loops ran, counted by the
// binomial statistics, are fewer than their bounds give.
func TestFarJumpsTaken(t *testing.T) {
	gf := gfortrantest.Require(t)
	tests := []struct {
		kernel      string
		sched, full int64 // schedules run, and the steps without jumps
	}{
		{"bnfarreturn", 1, 60},
		{"bnfarouter", 3, 4 * 25},    // cycle outer at m = 2
		{"bnfarouter2", 4, 4*25 + 4}, // and the loop around: 1 schedule, 3 steps
		{"bnfargoto", 1, 60},
	}
	byName := map[string]regionKernel{}
	for _, rk := range farKernels {
		byName[rk.k.name] = rk
	}
	for _, tc := range tests {
		tc, rk := tc, byName[tc.kernel]
		t.Run(tc.kernel, func(t *testing.T) {
			t.Parallel()
			prog := loadSrc(t, "kernel.f90", rk.k.src)
			_, pl := regionPlan(t, prog, rk)
			_, as := printed(t, prog, rk.k, adjoint.Config{Plan: pl})
			got := runStats(t, gf, rk, as)
			if got[0] != tc.sched || got[1] >= tc.full || got[4] != got[1] {
				t.Errorf("schedules %d, steps %d, recorded %d; want %d schedules, fewer than %d steps, each recorded once", got[0], got[1], got[4], tc.sched, tc.full)
			}
			t.Logf("%s: schedules %d steps %d forward %d snapshots %d recorded %d", tc.kernel, got[0], got[1], got[2], got[3], got[4])
		})
	}
}

// A GO TO to a label of the step, from a loop nested in it and from the
// step: binomial and a snapshot per iteration.
func init() {
	for _, snaps := range []int{3, 0} {
		name := "bnstepgoto"
		if snaps == 0 {
			name += "each"
		}
		regionKernels = append(regionKernels, regionKernel{kernel{name: name, src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (mod(it + i, 4) == 0) go to 10
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    if (mod(it, 3) == 0) go to 20
    y = y + sum(u**2)
10  y = y + it*u(1)
20  continue
  end do
  y = y + sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 20), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
			[]regionLoop{{v: "it", snaps: snaps}}})
	}
}
