! A solver that reports its progress on the standard output, as model
! code does: fadj check must not mistake those lines for its own.
subroutine relax(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: s
  integer :: i
  s = 0.0d0
  do i = 1, n
    s = s + sin(x(i))**2
    if (mod(i, 4) == 0) print *, 'relax: step', i, 's =', s
  end do
  write(*, '(a, es12.4)') 'relax: done, s = ', s
  y = sqrt(s + 1.0d0)
end subroutine relax
