package runtime

import (
	"strings"
	"testing"
)

// TestSegments checks that a rewind puts back the values popped since
// the mark, as many times as asked, and the report of fixed-point
// solves: a solve that stopped at its maximum is reported on standard
// error and in the summary, never silently.
func TestSegments(t *testing.T) {
	const src = `program segments
  use, intrinsic :: iso_fortran_env, only: int64, real64
  use fadj_runtime
  implicit none
  integer(int64) :: m(6)
  real(real64) :: x, a(3)
  integer :: k, i
  call fadj_push_r8(-1.0_real64)
  call fadj_push_r8(1.5_real64)
  call fadj_push_r8_array([2.0_real64, 3.0_real64, 4.0_real64], 3)
  call fadj_push_i4(7)
  call fadj_tape_mark(m)
  do k = 1, 3
    call fadj_tape_rewind(m)
    call fadj_pop_i4(i)
    call fadj_pop_r8_array(a, 3)
    call fadj_pop_r8(x)
    print '(i0, 4f5.1, i3)', i, a, x, fadj_tape_bytes()
  end do
  call fadj_pop_r8(x)
  print '(l1, f5.1)', fadj_tape_empty(), x
  call fadj_fp_done('s::good', 12, 1.0e-13_real64, 1.0e-12_real64)
  print '(i0, 1x, l1)', fadj_fp_iterations(), fadj_fp_converged()
  call fadj_fp_done('s::fp', 5, 1.0e-3_real64, 1.0e-12_real64)
  print '(i0, 1x, l1, 2(1x, i0))', fadj_fp_iterations(), fadj_fp_converged(), fadj_fp_solves(), fadj_fp_failures()
  call fadj_fp_stats()
end program
`
	exe := buildProgram(t, debug, src, buildModule(t, debug, ModuleName))
	out, errOut, status := run(t, exe)
	if status != 0 {
		t.Fatalf("exit status %d: %s", status, errOut)
	}
	want := []string{
		"7  2.0  3.0  4.0  1.5  8",
		"7  2.0  3.0  4.0  1.5  8",
		"7  2.0  3.0  4.0  1.5  8",
		"T -1.0",
		"12 T",
		"5 F 2 1",
		"fadj fixed-point adjoint statistics",
		"solves: 2  not converged: 1  iterations in all: 17",
		"last: 5 iterations, delta  1.000E-03, tolerance  1.000E-12; most: 12",
	}
	compareLines(t, out, want)
	if !strings.Contains(errOut, "fadj_runtime: adjoint of fixed-point loop s::fp did not converge: 5 iterations, delta  1.000E-03 > tolerance  1.000E-12") {
		t.Errorf("stderr: %q", errOut)
	}
}

// TestFixedPointHelpers checks the adjoint iteration's helpers: a skip
// drops values as a pop would (a rewind puts them back), one step pass
// adds the incoming adjoint and measures the change in both norms, and
// the stationarity check reports a loop whose control flow changed.
func TestFixedPointHelpers(t *testing.T) {
	const src = `program helpers
  use, intrinsic :: iso_fortran_env, only: int64, real64, real32
  use fadj_runtime
  implicit none
  integer(int64) :: m(6)
  real(real64) :: x, zb(2), zo(2), zp(2), d, s
  real(real32) :: yb(2), yo(2), yp(2)
  integer :: k, kp, next
  real(real64) :: dp
  call fadj_push_r8(-1.0_real64)
  call fadj_push_r8_array([2.0_real64, 3.0_real64], 2)
  call fadj_push_i4(7)
  call fadj_tape_mark(m)
  do k = 1, 2
    call fadj_tape_rewind(m)
    call fadj_tape_skip(fadj_tape_i4, 1)
    call fadj_tape_skip(fadj_tape_r8, 2)
    print '(i0, 1x, i0)', fadj_tape_bytes(), fadj_tape_bytes(fadj_tape_i4)
  end do
  call fadj_pop_r8(x)
  print '(l1, f5.1)', fadj_tape_empty(), x
  zb = [1.0_real64, 2.0_real64]; zo = [0.5_real64, 0.5_real64]; zp = [1.0_real64, 1.0_real64]
  d = 0; s = 0
  call fadj_fp_step_r8(zb, zo, zp, 2, d, s, .false., 2)
  print '(6f6.2)', zb, zp, d, s
  zb = [1.0_real64, 2.0_real64]; zp = [1.0_real64, 1.0_real64]
  d = 0; s = 0
  call fadj_fp_step_r8(zb, zo, zp, 2, d, s, .true., 2)
  print '(6f6.2)', zb, zp, d, s
  yb = [1.0, 2.0]; yo = [0.5, 0.5]; yp = [1.0, 1.0]
  d = 0; s = 0
  call fadj_fp_step_r4(yb, yo, yp, 2, d, s, .false., 2)
  print '(6f6.2)', yb, yp, d, s
  call fadj_fp_step_r4(yb, yo, yp, 2, d, s, .false., 1)
  print '(6f6.2)', yb, yp, d, s
  call fadj_fp_step_r8(zb, zo, zp, 2, d, s, .false., 0)
  print '(6f6.2)', yb, yp, d, s
  print '(6f6.2)', zb, zp, d, s
  kp = 0; dp = 0
  call fadj_fp_next(1, 1.0e-1_real64, 1.0e-9_real64, kp, dp, next)
  print '(i0, 1x, i0)', next, kp
  call fadj_fp_next(2, 1.0e-2_real64, 1.0e-9_real64, kp, dp, next)
  print '(i0)', next
  call fadj_fp_next(4, 1.0e-4_real64, 1.0e-9_real64, kp, dp, next)
  print '(i0)', next
  call fadj_fp_next(8, 1.0e-8_real64, 1.0e-9_real64, kp, dp, next)
  print '(i0)', next
  call fadj_fp_next(9, 2.0e-8_real64, 1.0e-9_real64, kp, dp, next)
  print '(i0)', next
  call fadj_fp_flow('s::same', .true.)
  print '(i0)', fadj_fp_unstationary()
  call fadj_fp_flow('s::moved', .false.)
  print '(i0)', fadj_fp_unstationary()
  call fadj_fp_stats()
  call fadj_fp_reset()
  print '(i0)', fadj_fp_unstationary()
end program
`
	exe := buildProgram(t, debug, src, buildModule(t, debug, ModuleName))
	out, errOut, status := run(t, exe)
	if status != 0 {
		t.Fatalf("exit status %d: %s", status, errOut)
	}
	want := []string{
		"8 0",
		"8 0",
		"T -1.0",
		"1.50  2.50  1.50  2.50  2.50  8.50",
		"1.50  2.50  1.50  2.50  1.50  2.50",
		"1.50  2.50  1.50  2.50  2.50  8.50",
		"2.00  3.00  2.00  3.00  2.50  8.50",
		"2.00  3.00  2.00  3.00  2.50  8.50",
		"2.00  3.00  1.50  2.50  2.50  8.50",
		"2 1",
		"4",
		"8",
		"9",
		"10",
		"0",
		"1",
		"fadj fixed-point adjoint statistics",
		"solves: 0  not converged: 0  iterations in all: 0",
		"last: 0 iterations, delta  0.000E+00, tolerance  0.000E+00; most: 0",
		"stationarity checks: 2  not stationary: 1",
		"0",
	}
	compareLines(t, out, want)
	if !strings.Contains(errOut, "fadj_runtime: control flow of fixed-point loop s::moved was not stationary") ||
		strings.Contains(errOut, "s::same") {
		t.Errorf("stderr: %q", errOut)
	}
}
