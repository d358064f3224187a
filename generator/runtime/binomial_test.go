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
	choose := binomialChoose
	r := int64(0)
	for choose(c+r, c) < l {
		r++
	}
	return r*l - choose(c+r, r-1)
}

// binomialChoose is C(n, k).
func binomialChoose(n, k int64) int64 {
	if k < 0 || k > n {
		return 0
	}
	v := int64(1)
	for i := int64(1); i <= k; i++ {
		v = v * (n - k + i) / i
	}
	return v
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

// onlineCost is the forward steps an online schedule runs for n steps
// and s snapshots when it ends holding snapshots of states cps: the pass,
// then revolve on each range between held snapshots with the snapshots
// not held below it.
func onlineCost(cps []int64, n, s int64) int64 {
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

// onlineModel is the online schedule of fadj_binomial_online_step, by
// brute force: before the step from state a it holds, of the sets it
// may reach (those held, state a added, or one of the held but the first
// replaced by a when s are held), the one of least 4*cost(N) + cost(N+1),
// N = a+1; ties keep, then add, then replace the lowest. The result is
// the forward steps run if the loop ends after n steps, n = 0..maxN.
func onlineModel(maxN, s int64) []int64 {
	out := make([]int64, maxN+1)
	var held []int64
	obj := func(c []int64, n int64) int64 { return 4*onlineCost(c, n, s) + onlineCost(c, n+1, s) }
	for a := int64(0); a < maxN; a++ {
		n := a + 1
		with := func(drop int) []int64 {
			c := append([]int64{}, held[:drop]...)
			return append(append(c, held[drop+1:]...), a)
		}
		best, bestObj := held, obj(held, n)
		switch {
		case len(held) == 0:
			best = []int64{0}
		case int64(len(held)) < s:
			if c := append(append([]int64{}, held...), a); obj(c, n) <= bestObj {
				best = c
			}
		default:
			for j := 1; j < len(held); j++ {
				if c := with(j); obj(c, n) < bestObj {
					best, bestObj = c, obj(c, n)
				}
			}
		}
		held = best
		out[n] = onlineCost(held, n, s)
	}
	return out
}

// TestBinomialOnline runs the runtime's online schedule (a DO WHILE's)
// on (steps, snapshots) pairs, with each snapshot on the runtime's
// snapshot stacks (its state as an integer(4), then real(8) values: 2,
// or, in a second run, 0 to 3, so that snapshots differ in size): the
// schedule may free a snapshot below the top, which the runtime removes
// itself, by moving the top one into its place or (sizes that differ)
// the ones above it down, and sorts back at the end of the pass. The
// peak bytes of the snapshot stacks must be those of the most snapshots
// held at one time. Each restore
// and release must find the state it names on top; the schedule may not
// hold more than its snapshots, nor leave any. The forward steps run must
// be the model's (onlineModel, up to 3,000 steps) and within the bounds
// of an online schedule, t(n, s) revolve's optimum:
//   - at least t(n, s) + 1 (the last step runs before the loop is known
//     to end), equal to it for n <= s;
//   - at most t(n, s) + 3 for n <= C(s+2, 2), s >= 2 (Stumm and Walther's
//     schedules are optimal up to there);
//   - at most 1.25 (t(n, s) + 1) for C(s+2, 2) < n <= C(s+3, 3), and
//     fewer than counting the steps first (n + t(n, s)), for s >= 2;
//   - with one snapshot, n + t(n, s): nothing to choose.
//
// TestOnlineModelBounds checks the bounds on the model for every n up to
// C(s+3, 3).
func TestBinomialOnline(t *testing.T) {
	pairs := [][2]int{
		{0, 1}, {1, 1}, {2, 1}, {7, 1}, {1, 3}, {3, 3}, {4, 3}, {5, 3}, {10, 3}, {11, 3},
		{20, 3}, {21, 3}, {6, 5}, {7, 5}, {21, 5}, {22, 5}, {56, 5}, {57, 5}, {100, 2},
		{66, 10}, {67, 10}, {286, 10}, {287, 10}, {1000, 10}, {496, 30}, {497, 30},
		{3000, 30}, {10000, 30}, {10000, 10}, {10000, 100}, {777, 4}, {35, 2}, {120, 4},
	}
	src := scheduleProgram(pairs, `  subroutine one(steps, snaps)
    integer, intent(in) :: steps, snaps
    integer(8) :: a1, a2, m1, m2
    call pass(steps, snaps, .true., a1, m1)
    call pass(steps, snaps, .false., a2, m2)
    if (a1 /= a2) call fail('forward steps', int(a1), int(a2))
    print '(i0, 4(1x, i0))', steps, snaps, a1, m1, m2
  end subroutine one
  ! The schedule for steps and snaps, its snapshots of sizes that vary or
  ! not: the forward steps run and the snapshots moved.
  subroutine pass(steps, snaps, vary, fwd, moved)
    integer, intent(in) :: steps, snaps
    logical, intent(in) :: vary
    integer(8), intent(out) :: fwd, moved
    integer :: h(fadj_binomial_ohlen + 2*snaps), held, state, next, action, k1, k2, d, shot, step
    integer :: most
    integer(8) :: a0, m0
    sizes = vary
    held = 0
    most = 0
    state = 0
    next = steps
    call fadj_snap_reset()
    a0 = fadj_binomial_advances()
    m0 = fadj_binomial_moved()
    call fadj_binomial_online_start(h, snaps)
    do step = 1, steps
      call fadj_binomial_online_step(h, d, shot)
      if (d /= 0) call fail('drops', d, held)
      if (shot == 1) call push(state)
      held = h(1)
      if (held > snaps) call fail('held', held, snaps)
      most = max(most, held)
      state = state + 1
    end do
    call fadj_binomial_online_end(h)
    do
      call fadj_binomial_online_next(h, action, k1, k2)
      select case (action)
      case (fadj_bn_advance)
        if (k1 /= state + 1 .or. k2 < k1) call fail('advance', k1, k2)
        state = k2
      case (fadj_bn_takeshot)
        if (k1 /= state) call fail('takeshot', k1, state)
        call push(state)
        held = held + 1
        if (held > snaps) call fail('held', held, snaps)
        most = max(most, held)
      case (fadj_bn_restore)
        call top(k1, .false.)
        state = k1
      case (fadj_bn_release)
        if (k1 /= state) call fail('release', k1, state)
        call top(state, .true.)
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
    if (next /= 0 .or. .not. fadj_snap_empty()) call fail('end', next, held)
    if (fadj_snap_peak_bytes() > snaps * 28) call fail('peak bytes', int(fadj_snap_peak_bytes()), snaps)
    ! Snapshots of a size: 4 + 2*8 bytes each, the most held at one time.
    if (.not. vary .and. fadj_snap_peak_bytes() /= most * 20) &
      call fail('peak bytes', int(fadj_snap_peak_bytes()), most)
    fwd = fadj_binomial_advances() - a0
    moved = fadj_binomial_moved() - m0
  end subroutine pass
  ! The real(8) values in a snapshot of state x.
  integer function reals(x)
    integer, intent(in) :: x
    reals = 2
    if (sizes) reals = mod(x, 4)
  end function reals
  ! A snapshot of state x: x, then reals(x) copies of x as real(8).
  subroutine push(x)
    integer, intent(in) :: x
    real(8) :: v(3)
    v = x
    call fadj_snap_push_i4(x)
    call fadj_snap_push_r8_array(v, reals(x))
  end subroutine push
  ! Checks that the top snapshot is of state x, reading it in place or
  ! popping it.
  subroutine top(x, pop)
    integer, intent(in) :: x
    logical, intent(in) :: pop
    real(8) :: v(3)
    integer :: y
    if (pop) then
      call fadj_snap_pop_r8_array(v, reals(x))
      call fadj_snap_pop_i4(y)
    else
      call fadj_snap_peek_start()
      call fadj_snap_peek_r8_array(v, reals(x))
      call fadj_snap_peek_i4(y)
    end if
    if (y /= x .or. any(v(1:reals(x)) /= x)) call fail('top', y, x)
  end subroutine top
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
	models := map[int64][]int64{}
	for _, p := range pairs {
		if n, s := int64(p[0]), int64(p[1]); n <= 3000 && int64(len(models[s])) <= n {
			models[s] = onlineModel(n, s)
		}
	}
	for i, p := range pairs {
		var l, c, got, movedVary, moved int64
		if _, err := fmt.Sscan(lines[i], &l, &c, &got, &movedVary, &moved); err != nil {
			t.Fatalf("line %q: %v", lines[i], err)
		}
		n, s := int64(p[0]), int64(p[1])
		if msg := onlineBounds(n, s, got); msg != "" {
			t.Errorf("%d steps, %d snapshots: %d forward steps, %s", n, s, got, msg)
		} else if m := models[s]; n <= 3000 && got != m[n] {
			t.Errorf("%d steps, %d snapshots: %d forward steps run, the model's %d", n, s, got, m[n])
		} else {
			t.Logf("%6d steps %4d snapshots: %8d forward steps (optimum %d, counting first %d), %d snapshots moved (%d of sizes that vary)",
				n, s, got, binomialOptimum(n, s), n+binomialOptimum(n, s), moved, movedVary)
		}
	}
}

// onlineBounds says how an online schedule's forward steps for n steps
// and s snapshots break TestBinomialOnline's bounds, or "".
func onlineBounds(n, s, got int64) string {
	opt := binomialOptimum(n, s)
	switch {
	case n == 0 && got != 0:
		return "want 0"
	case n >= 1 && got < opt+1:
		return fmt.Sprintf("below the online least %d", opt+1)
	case n >= 1 && n <= s && got != opt+1:
		return fmt.Sprintf("want %d", opt+1)
	case s >= 2 && n <= binomialChoose(s+2, 2) && got > opt+3:
		return fmt.Sprintf("more than the optimum + 3 (%d)", opt+3)
	case s >= 2 && n > binomialChoose(s+2, 2) && n <= binomialChoose(s+3, 3) && 4*got > 5*(opt+1):
		return fmt.Sprintf("more than 1.25 times the online least %d", opt+1)
	case s >= 2 && n >= 2 && got >= n+opt:
		return fmt.Sprintf("no fewer than counting first (%d)", n+opt)
	case s == 1 && got != n+opt:
		return fmt.Sprintf("want %d", n+opt)
	}
	return ""
}

// scheduleProgram is a program that calls subroutine one (the text one,
// which may call fail) on each (steps, snapshots) pair.
func scheduleProgram(pairs [][2]int, one string) string {
	var b strings.Builder
	b.WriteString("program schedule\n  use fadj_runtime\n  implicit none\n")
	b.WriteString("  integer :: n(" + fmt.Sprint(len(pairs)) + "), s(" + fmt.Sprint(len(pairs)) + "), i\n")
	b.WriteString("  logical :: sizes = .false.\n")
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

// TestOnlineModelBounds checks onlineBounds on the model of the online
// schedule for every number of steps up to C(s+3, 3), s = 1..12.
func TestOnlineModelBounds(t *testing.T) {
	for s := int64(1); s <= 12; s++ {
		maxN := binomialChoose(s+3, 3)
		m := onlineModel(maxN, s)
		for n := int64(0); n <= maxN; n++ {
			if msg := onlineBounds(n, s, m[n]); msg != "" {
				t.Errorf("model, %d steps, %d snapshots: %d forward steps, %s", n, s, m[n], msg)
			}
		}
	}
}
