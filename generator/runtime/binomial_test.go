package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// binomialOptimum is Griewank's least number of forward steps reversing
// l steps with c snapshots: r*l - C(c+r, r-1), r the least with
// l <= C(c+r, c).
func binomialOptimum(l, c int64) int64 {
	if l <= 1 {
		return 0
	}
	choose := func(n, k int64) int64 {
		if k < 0 || k > n {
			return 0
		}
		v := int64(1)
		for i := int64(1); i <= k; i++ {
			v = v * (n - k + i) / i
		}
		return v
	}
	r := int64(0)
	for choose(c+r, c) < l {
		r++
	}
	return r*l - choose(c+r, r-1)
}

// TestBinomialSchedule runs the runtime's schedule on (steps, snapshots)
// pairs, simulating the state it acts on: each step must be reversed
// once, last first, from its start state; restores and releases must
// find the state they name on top of the snapshot stack, which never
// holds more than the snapshots allowed. The forward steps run must be
// the binomial optimum, which the runtime also reports.
func TestBinomialSchedule(t *testing.T) {
	pairs := [][2]int{
		{0, 1}, {1, 1}, {2, 1}, {3, 1}, {10, 1}, {57, 1},
		{1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 5}, {6, 5}, {7, 20},
		{10, 2}, {10, 3}, {20, 3}, {21, 4}, {100, 2}, {100, 5}, {100, 10},
		{1000, 3}, {1000, 10}, {1000, 30}, {10000, 10}, {10000, 30}, {10000, 100},
		{35, 4}, {36, 4}, {56, 5}, {126, 5}, {127, 5},
	}
	var b strings.Builder
	b.WriteString("program schedule\n  use fadj_runtime\n  implicit none\n")
	b.WriteString("  integer :: n(" + fmt.Sprint(len(pairs)) + "), s(" + fmt.Sprint(len(pairs)) + "), i\n")
	for i, p := range pairs {
		fmt.Fprintf(&b, "  n(%d) = %d; s(%d) = %d\n", i+1, p[0], i+1, p[1])
	}
	b.WriteString(`  do i = 1, size(n)
    call one(n(i), s(i))
  end do
contains
  subroutine one(steps, snaps)
    integer, intent(in) :: steps, snaps
    integer :: h(fadj_binomial_hlen + snaps), stack(snaps), held, state, next, action, k1, k2
    integer(8) :: a0
    held = 0
    state = 0
    next = steps
    a0 = fadj_binomial_advances()
    call fadj_binomial_start(h, steps, snaps)
    do
      call fadj_binomial_next(h, action, k1, k2)
      select case (action)
      case (fadj_bn_advance)
        if (k1 /= state + 1 .or. k2 < k1) call fail('advance', k1, k2)
        state = k2
      case (fadj_bn_takeshot)
        if (k1 /= state .or. held >= snaps) call fail('takeshot', k1, held)
        held = held + 1
        stack(held) = state
      case (fadj_bn_restore)
        if (held < 1) call fail('restore', k1, held)
        if (stack(held) /= k1) call fail('restore', k1, stack(held))
        state = k1
      case (fadj_bn_release)
        if (held < 1) call fail('release', k1, held)
        if (stack(held) /= state .or. k1 /= state) call fail('release', k1, state)
        held = held - 1
      case (fadj_bn_firstturn, fadj_bn_youturn)
        if (k1 /= next .or. state /= k1 - 1) call fail('turn', k1, state)
        next = next - 1
        state = -1
      case (fadj_bn_terminate)
        exit
      end select
    end do
    if (next /= 0 .or. held /= 0) call fail('end', next, held)
    print '(i0, 1x, i0, 1x, i0, 1x, i0)', steps, snaps, fadj_binomial_advances() - a0, &
      fadj_binomial_optimum(steps, snaps)
  end subroutine one
  subroutine fail(what, a, b)
    character(*), intent(in) :: what
    integer, intent(in) :: a, b
    print '(2a, 2(1x, i0))', 'bad ', what, a, b
    error stop 1
  end subroutine fail
end program
`)
	exe := buildProgram(t, debug, b.String(), buildModule(t, debug, ModuleName))
	out, errOut, status := run(t, exe)
	if status != 0 {
		t.Fatalf("exit status %d: %s\n%s", status, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(pairs) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(pairs), out)
	}
	for i, p := range pairs {
		var l, c, got, reported int64
		if _, err := fmt.Sscan(lines[i], &l, &c, &got, &reported); err != nil {
			t.Fatalf("line %q: %v", lines[i], err)
		}
		want := binomialOptimum(int64(p[0]), int64(p[1]))
		if got != want || reported != want {
			t.Errorf("%d steps, %d snapshots: %d forward steps run, runtime's optimum %d, want %d", p[0], p[1], got, reported, want)
		} else {
			t.Logf("%6d steps %4d snapshots: %8d forward steps (binomial optimum %d)", p[0], p[1], got, want)
		}
	}
}
