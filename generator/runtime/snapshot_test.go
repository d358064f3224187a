package runtime

import (
	"regexp"
	"strings"
	"testing"
)

// The snapshot stacks share the tapes' template; these tests check what
// is theirs: that they are separate stacks (a value pushed onto one never
// comes off the other), their statistics, the combined peak of tapes and
// snapshot stacks, and the resets of each kind. Their errors are in
// TestErrors.

// snapshotVersion turns a driver of the tapes into one of the snapshot
// stacks.
func snapshotVersion(src string) string {
	return strings.NewReplacer(
		"fadj_push_", "fadj_snap_push_",
		"fadj_pop_", "fadj_snap_pop_",
		"fadj_tape_empty()", "(fadj_snap_empty() .and. fadj_tape_empty())",
	).Replace(src)
}

// TestSnapBits is TestBits on the snapshot stacks: last-in first-out
// order and exact bits, scalars and arrays of every type.
func TestSnapBits(t *testing.T) {
	want := bitsExpected()
	src := snapshotVersion(bitsProgram())
	if !strings.Contains(src, "fadj_snap_push_r8_array") || strings.Contains(src, "call fadj_push_") {
		t.Fatal("snapshotVersion did not rewrite the driver")
	}
	for _, v := range []variant{debug, opt} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			exe := buildProgram(t, v, src, buildModule(t, v, ModuleName))
			compareLines(t, runOK(t, exe), want)
		})
	}
}

const snapArraysProgram = `program snap_arrays
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
  use fadj_runtime
  implicit none
  real(real64) :: a1(7), b1(7), a2(3, 4), b2(3, 4), a3(2, 3, 4), b3(2, 3, 4), t3(2, 3, 4)
  real(real64) :: z(0), x, wide(6, 4), c(3), d(8)
  real(real32) :: r2(2, 5), s2(2, 5)
  integer(int32) :: i1(9), j1(9)
  integer(int64) :: k3(2, 2, 3), m3(2, 2, 3)
  logical :: l2(3, 2), q2(3, 2)
  integer :: i, j
  integer(int64) :: alloc

  a1 = [(i * 1.5_real64, i = 1, 7)]
  a2 = reshape([(real(i, real64), i = 1, 12)], shape(a2))
  a3 = reshape([(real(100 + i, real64), i = 1, 24)], shape(a3))
  r2 = reshape([(real(i, real32), i = 1, 10)], shape(r2))
  i1 = [(i * i, i = 1, 9)]
  k3 = reshape([(int(i, int64) * 10000000000_int64, i = 1, 12)], shape(k3))
  l2 = reshape([.true., .false., .false., .true., .true., .false.], shape(l2))

  ! Ranks 1 to 3 of all types through the _array procedures, with
  ! scalars and tape pushes of the same type in between: each stack gives
  ! back its own values only.
  call fadj_snap_push_r8(-1.0_real64)
  call fadj_push_r8_array(a3, size(a3))
  call fadj_snap_push_r8_array(a1, size(a1))
  call fadj_push_r8(-3.0_real64)
  call fadj_snap_push_r8_array(a2, size(a2))
  call fadj_snap_push_r8(-2.0_real64)
  call fadj_snap_push_r8_array(a3, size(a3))
  call fadj_snap_push_r4_array(r2, size(r2))
  call fadj_push_i4(-4_int32)
  call fadj_snap_push_i4_array(i1, size(i1))
  call fadj_snap_push_i8_array(k3, size(k3))
  call fadj_snap_push_l_array(l2, size(l2))
  call fadj_snap_pop_l_array(q2, size(q2))
  call check('logical rank 2', all(q2 .eqv. l2))
  call fadj_snap_pop_i8_array(m3, size(m3))
  call check('integer(8) rank 3', all(m3 == k3))
  call fadj_snap_pop_i4_array(j1, size(j1))
  call check('integer(4) rank 1', all(j1 == i1))
  call fadj_snap_pop_r4_array(s2, size(s2))
  call check('real(4) rank 2', all(s2 == r2))
  call fadj_snap_pop_r8_array(b3, size(b3))
  call check('real(8) rank 3', all(b3 == a3))
  call fadj_snap_pop_r8(x)
  call check('scalar after rank 3', x == -2.0_real64)
  call fadj_snap_pop_r8_array(b2, size(b2))
  call check('real(8) rank 2', all(b2 == a2))
  call fadj_pop_r8(x)
  call check('tape scalar in between', x == -3.0_real64)
  call fadj_snap_pop_r8_array(b1, size(b1))
  call check('real(8) rank 1', all(b1 == a1))
  call fadj_pop_r8_array(t3, size(t3))
  call check('tape array in between', all(t3 == a3))
  call fadj_pop_i4(i)
  call check('tape integer in between', i == -4)
  call fadj_snap_pop_r8(x)
  call check('scalar before rank 1', x == -1.0_real64)
  call check('all empty', fadj_snap_empty() .and. fadj_tape_empty())

  ! An array push is a sequence of scalar pushes in array element order.
  call fadj_snap_push_r8_array(a2, size(a2))
  do j = 4, 1, -1
    do i = 3, 1, -1
      call fadj_snap_pop_r8(x)
      if (x /= a2(i, j)) call check('array push, scalar pops', .false.)
    end do
  end do
  call check('array push, scalar pops', .true.)

  ! Non-contiguous sections, pushed and popped.
  wide = reshape([(real(i, real64), i = 1, 24)], shape(wide))
  call fadj_snap_push_r8_array(wide(1:6:2, 3), 3)
  call fadj_snap_pop_r8_array(c, size(c))
  call check('section push', all(c == wide(1:6:2, 3)))
  d = 0
  call fadj_snap_push_r8_array(wide(2, :), size(wide, 2))
  call fadj_snap_pop_r8_array(d(1:8:2), 4)
  call check('section pop', all(d == [2.0_real64, 0.0_real64, 8.0_real64, 0.0_real64, &
    14.0_real64, 0.0_real64, 20.0_real64, 0.0_real64]))

  ! Zero-size arrays: a push call, no bytes.
  call fadj_snap_push_r8_array(z, size(z))
  call check('zero-size push', fadj_snap_bytes() == 0 .and. fadj_snap_empty())
  call fadj_snap_pop_r8_array(z, 0)

  ! A second sweep reuses the memory of the first.
  alloc = fadj_snap_alloc_bytes()
  call fadj_snap_push_r8_array(a3, size(a3))
  call fadj_snap_pop_r8_array(b3, size(b3))
  call check('memory kept', fadj_snap_alloc_bytes() == alloc .and. alloc > 0)
  call check('empty', fadj_snap_empty() .and. fadj_tape_empty())
  write (*, '(a)') 'done'

contains

  subroutine check(what, ok)
    character(len=*), intent(in) :: what
    logical, intent(in) :: ok
    if (ok) then
      write (*, '(2a)') 'ok ', what
    else
      write (*, '(2a)') 'FAIL ', what
    end if
  end subroutine check

end program snap_arrays
`

// TestSnapArrays checks array pushes and pops on the snapshot stacks:
// ranks 1 to 3 of all types through the _array procedures, interleaved
// with scalars and with tape pushes, non-contiguous sections, zero-size
// arrays and memory kept between sweeps.
func TestSnapArrays(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, snapArraysProgram, buildModule(t, v, ModuleName))
	out := runOK(t, exe)
	if strings.Contains(out, "FAIL") || !strings.HasSuffix(out, "done\n") || strings.Count(out, "ok ") != 19 {
		t.Fatalf("output:\n%s", out)
	}
}

const snapStatsProgram = `program snap_stats
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64, output_unit
  use fadj_runtime
  implicit none
  real(real64) :: x, v(10), big(3000)
  integer(int32) :: w(50)
  integer(int64) :: k
  integer :: i

  v = 1
  w = 2
  ! A: 3 real(8) on the tape
  do i = 1, 3
    call fadj_push_r8(real(i, real64))
  end do
  call report('a')
  ! B: a snapshot of 10 real(8)
  call fadj_snap_push_r8_array(v, size(v))
  call report('b')
  ! C: 20 more real(8) on the tape: the combined peak
  do i = 1, 20
    call fadj_push_r8(real(i, real64))
  end do
  call report('c')
  ! D: the 20 popped
  do i = 1, 20
    call fadj_pop_r8(x)
  end do
  call report('d')
  ! E: the snapshot popped
  call fadj_snap_pop_r8_array(v, size(v))
  call report('e')
  ! F: 50 integer(4) on the tape: the tape's peak, not the combined one
  call fadj_push_i4_array(w, size(w))
  call report('f')
  ! G: two integer(8) and a logical on the snapshot stacks
  call fadj_snap_push_i8(7_int64)
  call fadj_snap_push_i8(8_int64)
  call fadj_snap_push_l(.true.)
  call report('g')
  call fadj_snap_stats(output_unit)
  ! H: the tapes reset; the snapshot stacks keep their values and figures
  call fadj_tape_reset()
  call report('h')
  ! I: a real(8) on the tape
  call fadj_push_r8(1.0_real64)
  call report('i')
  ! J: the snapshot stacks reset; the tapes keep theirs
  call fadj_snap_reset()
  call report('j')
  ! K: another real(8) on the tape, one popped from the snapshot stack
  ! after a push
  call fadj_push_r8(2.0_real64)
  call fadj_snap_push_i8(9_int64)
  call fadj_snap_pop_i8(k)
  if (k /= 9) error stop 'snap_stats: popped the wrong value'
  call report('k')
  ! L: everything reset
  call fadj_reset_all()
  call report('l')
  ! M: a snapshot array larger than twice the room grows to fit it
  ! exactly, the next push doubles
  big = 0
  call fadj_snap_push_r8_array(big, size(big))
  call say('m_alloc_r8', fadj_snap_alloc_bytes(fadj_snap_r8))
  call fadj_snap_push_r8(1.0_real64)
  call say('n_alloc_r8', fadj_snap_alloc_bytes(fadj_snap_r8))
  call say('n_alloc', fadj_snap_alloc_bytes())
  call say('n_tape_alloc', fadj_tape_alloc_bytes())

contains

  subroutine report(step)
    character(len=*), intent(in) :: step
    character(len=2), parameter :: names(5) = ['r8', 'r4', 'i4', 'i8', 'l ']
    integer, parameter :: stacks(5) = [fadj_snap_r8, fadj_snap_r4, fadj_snap_i4, fadj_snap_i8, &
      fadj_snap_l]
    integer :: j
    call say(step // '_tape', fadj_tape_bytes())
    call say(step // '_tape_peak', fadj_tape_peak_bytes())
    call say(step // '_tape_pushed', fadj_tape_pushed_bytes())
    call say(step // '_tape_popped', fadj_tape_popped_bytes())
    call say(step // '_snap', fadj_snap_bytes())
    call say(step // '_snap_peak', fadj_snap_peak_bytes())
    call say(step // '_snap_pushes', fadj_snap_pushes())
    call say(step // '_snap_pushed', fadj_snap_pushed_bytes())
    call say(step // '_snap_popped', fadj_snap_popped_bytes())
    call say(step // '_snap_alloc', fadj_snap_alloc_bytes())
    call say(step // '_memory_peak', fadj_memory_peak_bytes())
    do j = 1, 5
      call say(step // '_snap_' // trim(names(j)), fadj_snap_bytes(stacks(j)))
      call say(step // '_snap_pushes_' // trim(names(j)), fadj_snap_pushes(stacks(j)))
      call say(step // '_snap_pushed_' // trim(names(j)), fadj_snap_pushed_bytes(stacks(j)))
      call say(step // '_snap_popped_' // trim(names(j)), fadj_snap_popped_bytes(stacks(j)))
    end do
    write (*, '(a, 1x, l1)') step // '_snap_empty', fadj_snap_empty()
  end subroutine report

  subroutine say(key, v)
    character(len=*), intent(in) :: key
    integer(int64), intent(in) :: v
    write (*, '(a, 1x, i0)') key, v
  end subroutine say

end program snap_stats
`

// TestSnapStats checks the statistics of the snapshot stacks, per stack
// and in total, the combined peak of tapes and snapshot stacks (below the
// sum of the two peaks when they do not coincide), the resets of each
// kind and of both, and the table fadj_snap_stats prints.
func TestSnapStats(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, snapStatsProgram, buildModule(t, v, ModuleName))
	out := runOK(t, exe)
	got := keyValues(t, out)

	// stack is one snapshot stack's figures.
	type stack struct{ bytes, pushes, pushed int64 }
	type fig struct {
		tape, tapePeak, tapePushed int64
		snap, snapPeak, snapAlloc  int64
		memoryPeak                 int64
		stacks                     map[string]stack
	}
	want := map[string]int64{}
	step := func(s string, f fig) {
		want[s+"_tape"] = f.tape
		want[s+"_tape_peak"] = f.tapePeak
		want[s+"_tape_pushed"] = f.tapePushed
		want[s+"_tape_popped"] = f.tapePushed - f.tape
		want[s+"_snap"] = f.snap
		want[s+"_snap_peak"] = f.snapPeak
		want[s+"_snap_alloc"] = f.snapAlloc
		want[s+"_memory_peak"] = f.memoryPeak
		var pushes, pushed, held int64
		for _, name := range []string{"r8", "r4", "i4", "i8", "l"} {
			st := f.stacks[name]
			want[s+"_snap_"+name] = st.bytes
			want[s+"_snap_pushes_"+name] = st.pushes
			want[s+"_snap_pushed_"+name] = st.pushed
			want[s+"_snap_popped_"+name] = st.pushed - st.bytes
			pushes += st.pushes
			pushed += st.pushed
			held += st.bytes
		}
		if held != f.snap {
			t.Fatalf("step %s: test data: snapshot stacks hold %d bytes, total %d", s, held, f.snap)
		}
		want[s+"_snap_pushes"] = pushes
		want[s+"_snap_pushed"] = pushed
		want[s+"_snap_popped"] = pushed - held
	}
	r8 := func(bytes, pushes, pushed int64) map[string]stack {
		return map[string]stack{"r8": {bytes, pushes, pushed}}
	}
	step("a", fig{tape: 24, tapePeak: 24, tapePushed: 24, memoryPeak: 24})
	step("b", fig{tape: 24, tapePeak: 24, tapePushed: 24, snap: 80, snapPeak: 80, snapAlloc: 8192,
		memoryPeak: 104, stacks: r8(80, 1, 80)})
	step("c", fig{tape: 184, tapePeak: 184, tapePushed: 184, snap: 80, snapPeak: 80, snapAlloc: 8192,
		memoryPeak: 264, stacks: r8(80, 1, 80)})
	step("d", fig{tape: 24, tapePeak: 184, tapePushed: 184, snap: 80, snapPeak: 80, snapAlloc: 8192,
		memoryPeak: 264, stacks: r8(80, 1, 80)})
	step("e", fig{tape: 24, tapePeak: 184, tapePushed: 184, snapPeak: 80, snapAlloc: 8192,
		memoryPeak: 264, stacks: r8(0, 1, 80)})
	// The tapes' peak (224) and the snapshot stacks' (80) never coincide:
	// together they held at most 264 bytes, not 304.
	step("f", fig{tape: 224, tapePeak: 224, tapePushed: 384, snapPeak: 80, snapAlloc: 8192,
		memoryPeak: 264, stacks: r8(0, 1, 80)})
	g := map[string]stack{"r8": {0, 1, 80}, "i8": {16, 2, 16}, "l": {4, 1, 4}}
	step("g", fig{tape: 224, tapePeak: 224, tapePushed: 384, snap: 20, snapPeak: 80,
		snapAlloc: 8192 + 8192 + 4096, memoryPeak: 264, stacks: g})
	// After the tapes' reset the combined peak restarts from the 20 bytes
	// the snapshot stacks hold.
	step("h", fig{snap: 20, snapPeak: 80, snapAlloc: 20480, memoryPeak: 20, stacks: g})
	step("i", fig{tape: 8, tapePeak: 8, tapePushed: 8, snap: 20, snapPeak: 80, snapAlloc: 20480,
		memoryPeak: 28, stacks: g})
	// After the snapshot stacks' reset it restarts from the tapes' 8.
	step("j", fig{tape: 8, tapePeak: 8, tapePushed: 8, memoryPeak: 8})
	step("k", fig{tape: 16, tapePeak: 16, tapePushed: 16, snapPeak: 8, snapAlloc: 8192,
		memoryPeak: 24, stacks: map[string]stack{"i8": {0, 1, 8}}})
	step("l", fig{})
	want["m_alloc_r8"] = 8 * 3000
	want["n_alloc_r8"] = 8 * 6000
	want["n_alloc"] = 8 * 6000
	want["n_tape_alloc"] = 0
	checkValues(t, got, want)
	for _, s := range []string{"a", "e", "f", "j", "k", "l"} {
		if got[s+"_snap_empty"] != "T" {
			t.Errorf("fadj_snap_empty() after %s: %s, want T", s, got[s+"_snap_empty"])
		}
	}
	for _, s := range []string{"b", "c", "d", "g", "h", "i"} {
		if got[s+"_snap_empty"] != "F" {
			t.Errorf("fadj_snap_empty() after %s: %s, want F", s, got[s+"_snap_empty"])
		}
	}

	// The table, after G.
	table := []string{
		`fadj snapshot stack statistics`,
		`snapshot +pushes +pushed bytes +popped bytes +current bytes +allocated bytes`,
		`real\(8\) +1 +80 +80 +0 +8192`,
		`real\(4\) +0 +0 +0 +0 +0`,
		`integer\(4\) +0 +0 +0 +0 +0`,
		`integer\(8\) +2 +16 +0 +16 +8192`,
		`logical +1 +4 +0 +4 +4096`,
		`all +4 +100 +80 +20 +20480`,
		`peak bytes: 80`,
		`peak bytes of tapes and snapshot stacks together: 264`,
	}
	start := strings.Index(out, "fadj snapshot stack statistics")
	if start < 0 {
		t.Fatalf("no table in output:\n%s", out)
	}
	lines := strings.Split(out[start:], "\n")
	for i, pat := range table {
		if i >= len(lines) || !regexp.MustCompile(`^ *`+pat+` *$`).MatchString(lines[i]) {
			t.Fatalf("table line %d does not match %q:\n%s", i+1, pat, strings.Join(lines[:min(len(lines), len(table))], "\n"))
		}
	}
}

// BenchmarkSnapFortran is BenchmarkTapeFortran on the real(8) snapshot
// stack: a push and a pop also update the combined peak of tapes and
// snapshot stacks.
func BenchmarkSnapFortran(b *testing.B) {
	benchPushPop(b, snapshotVersion(benchProgram))
}
