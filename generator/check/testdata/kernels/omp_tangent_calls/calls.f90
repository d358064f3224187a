! Tangent mode of a parallel loop calling a function: the results of the
! derivative calls are temporaries, private to the loop like t and t_d.
subroutine calls(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i
  real(8) :: t
  !$omp parallel do private(t) schedule(dynamic, 2)
  do i = 1, n
    t = x(i)
    y(i) = sq(t) + sq(sin(x(i)))
  end do
  !$omp end parallel do
contains
  real(8) function sq(a)
    real(8), intent(in) :: a
    sq = a*a*exp(-a)
  end function sq
end subroutine calls
