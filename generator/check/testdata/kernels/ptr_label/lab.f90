! A legacy routine that jumps to labelled pointer statements: the
! GO TO 10 skips a stage done through the pointer, and the statement at
! label 10 associates it anew before a second stage and another
! association; the label must stay before all the forward code of the
! statement (the push of the association's number, and its setting
! after), not on a copy of the statement.
subroutine stages(x, y, n, flag)
  implicit none
  integer, intent(in) :: n, flag
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), target :: a(n), b(n)
  real(8), pointer :: p(:)
  a = x
  b = 2*x
  p => a
  if (flag > 0) go to 10
  p = p*x
10 p => b
  p = p*sin(a)
  y = sum(p*a)
  p => a
  p = p + b**2
  y = y + sum(p*x)
end subroutine stages
