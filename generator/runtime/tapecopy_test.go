package runtime

import "testing"

// TestTapeCopy checks fadj_tape_copy: each adjoint iteration of a
// fixed-point loop rewinds, copies the segment between two marks on top,
// pops the copy while pushing and popping values of its own (a
// function's adjoint), and reads the same values every time, bit records
// included.
func TestTapeCopy(t *testing.T) {
	const src = `program tapecopy
  use, intrinsic :: iso_fortran_env, only: int64, real64
  use fadj_runtime
  implicit none
  integer(int64) :: m0(6), m(6)
  real(real64) :: x, y, a(2)
  integer :: k, i, b
  call fadj_push_r8(-1.0_real64)
  call fadj_tape_mark(m0)
  call fadj_push_r8(1.5_real64)
  call fadj_push_bits(5, 3)
  call fadj_push_r8_array([2.0_real64, 3.0_real64], 2)
  call fadj_push_i4(7)
  call fadj_tape_mark(m)
  do k = 1, 3
    call fadj_tape_rewind(m)
    call fadj_tape_copy(m0, m)
    call fadj_pop_i4(i)
    call fadj_pop_r8_array(a, 2)
    call fadj_push_r8(9.0_real64)
    call fadj_push_r8(8.0_real64)
    call fadj_push_bits(2, 2)
    call fadj_pop_bits(b, 2)
    call fadj_pop_r8(y)
    call fadj_pop_r8(y)
    call fadj_pop_bits(b, 3)
    call fadj_pop_r8(x)
    print '(i0, 3f5.1, i2)', i, a, x, b
  end do
  call fadj_tape_rewind(m)
  call fadj_pop_i4(i)
  call fadj_pop_r8_array(a, 2)
  call fadj_pop_bits(b, 3)
  call fadj_pop_r8(x)
  call fadj_pop_r8(y)
  print '(i0, 4f5.1, i2, 1x, l1)', i, a, x, y, b, fadj_tape_empty()
end program
`
	exe := buildProgram(t, debug, src, buildModule(t, debug, ModuleName))
	out, errOut, status := run(t, exe)
	if status != 0 {
		t.Fatalf("exit status %d: %s", status, errOut)
	}
	compareLines(t, out, []string{
		"7  2.0  3.0  1.5 5",
		"7  2.0  3.0  1.5 5",
		"7  2.0  3.0  1.5 5",
		"7  2.0  3.0  1.5 -1.0 5 T",
	})
}
