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
	src := scheduleProgram(pairs, `  subroutine one(steps, snaps)
    integer, intent(in) :: steps, snaps
    integer :: h(fadj_binomial_hlen + snaps), stack(snaps), held, state, next, action, k1, k2
    integer(8) :: a0
    held = 0
    state = 0
    next = steps
    a0 = fadj_binomial_advances()
    call fadj_binomial_start(h, steps, snaps)
`+actionLoop("fadj_binomial_next")+`    if (next /= 0 .or. held /= 0) call fail('end', next, held)
    print '(i0, 1x, i0, 1x, i0, 1x, i0)', steps, snaps, fadj_binomial_advances() - a0, &
      fadj_binomial_optimum(steps, snaps)
  end subroutine one
`)
	exe := buildProgram(t, debug, src, buildModule(t, debug, ModuleName))
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

// onlineLayout is the snapshot layout of the online schedule for n
// steps and s snapshots (fadj_binomial_online_step): state 0, then the
// layout of the steps after 0 + C(s+r-1, s) with s-1 snapshots, r the
// least with n <= C(s+r, s).
func onlineLayout(n, s int64) []int64 {
	var out []int64
	for a, k := int64(0), s; a < n; k-- {
		out = append(out, a)
		if k == 1 {
			break
		}
		r, b, prev := int64(0), int64(1), int64(0)
		for b < n-a {
			r++
			prev = b
			b = b * (k + r) / r
		}
		if r == 0 {
			break
		}
		a += prev
	}
	return out
}

// onlineCost is the forward steps the online schedule runs for n steps
// and s snapshots: the pass, then revolve on each range between held
// snapshots with the snapshots not held below it.
func onlineCost(n, s int64) int64 {
	cps := onlineLayout(n, s)
	total := n
	for j, c := range cps {
		end := n
		if j+1 < len(cps) {
			end = cps[j+1]
		}
		total += binomialOptimum(end-c, s-int64(j))
	}
	return total
}

// TestBinomialOnline runs the runtime's online schedule (a DO WHILE's)
// on (steps, snapshots) pairs, simulating the state as
// TestBinomialSchedule does, the forward pass included: snapshots are
// dropped from the top and taken of the current state only. The forward
// steps run must be the layout's cost, within the bounds of an online
// schedule: at least the binomial optimum + 1, equal to it for steps <=
// snapshots, and less than counting the steps first (steps + optimum)
// for 2 snapshots or more.
func TestBinomialOnline(t *testing.T) {
	pairs := [][2]int{
		{0, 1}, {1, 1}, {2, 1}, {7, 1}, {1, 3}, {3, 3}, {4, 3}, {5, 3}, {10, 3}, {11, 3},
		{20, 3}, {21, 3}, {6, 5}, {7, 5}, {21, 5}, {22, 5}, {56, 5}, {57, 5}, {100, 2},
		{66, 10}, {67, 10}, {286, 10}, {287, 10}, {1000, 10}, {496, 30}, {497, 30},
		{3000, 30}, {10000, 30}, {10000, 10}, {10000, 100}, {777, 4},
	}
	src := scheduleProgram(pairs, `  subroutine one(steps, snaps)
    integer, intent(in) :: steps, snaps
    integer :: h(fadj_binomial_ohlen + 2*snaps), stack(snaps), held, state, next, action, k1, k2, d, shot, step
    integer(8) :: a0
    held = 0
    state = 0
    next = steps
    a0 = fadj_binomial_advances()
    call fadj_binomial_online_start(h, snaps)
    do step = 1, steps
      call fadj_binomial_online_step(h, d, shot)
      if (d > held .or. d < 0) call fail('drops', d, held)
      held = held - d
      if (shot == 1) then
        if (held >= snaps) call fail('shot', state, held)
        if (held > 0) then
          if (stack(held) >= state) call fail('order', stack(held), state)
        end if
        held = held + 1
        stack(held) = state
      end if
      state = state + 1
    end do
    call fadj_binomial_online_end(h)
`+actionLoop("fadj_binomial_online_next")+`    if (next /= 0 .or. held /= 0) call fail('end', next, held)
    print '(i0, 1x, i0, 1x, i0)', steps, snaps, fadj_binomial_advances() - a0
  end subroutine one
`)
	exe := buildProgram(t, debug, src, buildModule(t, debug, ModuleName))
	out, errOut, status := run(t, exe)
	if status != 0 {
		t.Fatalf("exit status %d: %s\n%s", status, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(pairs) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(pairs), out)
	}
	for i, p := range pairs {
		var l, c, got int64
		if _, err := fmt.Sscan(lines[i], &l, &c, &got); err != nil {
			t.Fatalf("line %q: %v", lines[i], err)
		}
		n, s := int64(p[0]), int64(p[1])
		opt, want := binomialOptimum(n, s), onlineCost(n, s)
		switch {
		case got != want:
			t.Errorf("%d steps, %d snapshots: %d forward steps run, want %d", n, s, got, want)
		case n >= 1 && got < opt+1:
			t.Errorf("%d steps, %d snapshots: %d forward steps, below the online least %d", n, s, got, opt+1)
		case n >= 1 && n <= s && got != opt+1:
			t.Errorf("%d steps, %d snapshots: %d forward steps, want %d", n, s, got, opt+1)
		case s >= 2 && n >= 2 && got >= n+opt:
			t.Errorf("%d steps, %d snapshots: %d forward steps, no fewer than counting first (%d)", n, s, got, n+opt)
		case s == 1 && got != n+opt:
			t.Errorf("%d steps, 1 snapshot: %d forward steps, want %d", n, got, n+opt)
		default:
			t.Logf("%6d steps %4d snapshots: %8d forward steps (optimum %d, counting first %d)", n, s, got, opt, n+opt)
		}
	}
}

// scheduleProgram is a program that calls subroutine one (the text one,
// which may call fail) on each (steps, snapshots) pair.
func scheduleProgram(pairs [][2]int, one string) string {
	var b strings.Builder
	b.WriteString("program schedule\n  use fadj_runtime\n  implicit none\n")
	b.WriteString("  integer :: n(" + fmt.Sprint(len(pairs)) + "), s(" + fmt.Sprint(len(pairs)) + "), i\n")
	for i, p := range pairs {
		fmt.Fprintf(&b, "  n(%d) = %d; s(%d) = %d\n", i+1, p[0], i+1, p[1])
	}
	b.WriteString("  do i = 1, size(n)\n    call one(n(i), s(i))\n  end do\ncontains\n")
	b.WriteString(one)
	b.WriteString(`  subroutine fail(what, a, b)
    character(*), intent(in) :: what
    integer, intent(in) :: a, b
    print '(2a, 2(1x, i0))', 'bad ', what, a, b
    error stop 1
  end subroutine fail
end program
`)
	return b.String()
}

// actionLoop is the Fortran loop that runs a schedule's actions from
// next (fadj_binomial_next or fadj_binomial_online_next) on handle h and
// checks each against a simulation: the state reached (step index, -1
// after a turn), the snapshots held in stack, the next turn expected.
func actionLoop(next string) string {
	return `    do
      call ` + next + `(h, action, k1, k2)
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
      case default
        call fail('action', action, 0)
      end select
    end do
`
}
