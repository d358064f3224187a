package runtime

import (
	"strings"
	"testing"
)

// snapCharProgram pushes character values (scalars of two lengths, an
// array, between numeric snapshot values), reads them in place with the
// peek forms, then pops them, and drops one with fadj_snap_discard;
// then the tape forms.
const snapCharProgram = `program snap_char
  use fadj_runtime
  implicit none
  character(len=6) :: s, t
  character(len=1) :: c, d
  character(len=3) :: a(4), b(4)
  integer :: k
  s = 'upwind'
  c = 'x'
  a = ['abc', 'de ', 'f  ', 'ghi']
  call fadj_snap_push_char(s)
  call fadj_snap_push_i4(7)
  call fadj_snap_push_char_array(a, size(a))
  call fadj_snap_push_char(c)
  call fadj_snap_peek_start()
  call fadj_snap_peek_char(d)
  call fadj_snap_peek_char_array(b, size(b))
  call check('peek', d == 'x' .and. all(b == a))
  call fadj_snap_pop_char(d)
  call fadj_snap_pop_char_array(b, size(b))
  call fadj_snap_pop_i4(k)
  call fadj_snap_pop_char(t)
  call check('pop', d == 'x' .and. all(b == a) .and. k == 7 .and. t == 'upwind')
  call fadj_snap_push_char(s)
  call fadj_snap_discard(fadj_snap_i4, len(s))
  call check('discard', fadj_snap_empty())
  call fadj_push_char_array(a, size(a))
  call fadj_push_char(s)
  call fadj_pop_char(t)
  call fadj_pop_char_array(b, size(b))
  call check('tape', t == s .and. all(b == a) .and. fadj_tape_empty() .and. fadj_snap_empty())
  print '(a)', 'done'
contains
  subroutine check(what, ok)
    character(len=*), intent(in) :: what
    logical, intent(in) :: ok
    if (ok) then
      print '(a, a)', 'ok ', what
    else
      print '(a, a)', 'FAIL ', what
    end if
  end subroutine check
end program snap_char
`

// TestSnapChar checks the character snapshot procedures: last-in
// first-out order with the numeric values, peeks that leave the stack as
// it is, and a discard of len(s) values.
func TestSnapChar(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, snapCharProgram, buildModule(t, v, ModuleName))
	out := runOK(t, exe)
	if strings.Contains(out, "FAIL") || !strings.HasSuffix(out, "done\n") || strings.Count(out, "ok ") != 4 {
		t.Fatalf("output:\n%s", out)
	}
}
