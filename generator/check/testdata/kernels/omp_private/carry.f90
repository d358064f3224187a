! Private temporaries of parallel loops in reverse mode. Both loops have
! a private t: the references to t in the other loop are to another
! variable, so the second loop's adjoint computes t again in each
! iteration. The first loop overwrites x(i), from which t was computed:
! t cannot be computed again, so the forward loop stores its value at
! the end of each iteration in an array indexed by i (taped after the
! loop as one piece), from which each backward iteration starts.
subroutine carry(n, x, y, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n)
  real(8), intent(out) :: z(n)
  integer :: i
  real(8) :: t
  !$omp parallel do private(t)
  do i = 1, n
    t = x(i) * y(i)
    x(i) = sin(t) * y(i)
  end do
  !$omp end parallel do
  !$omp parallel do private(t)
  do i = 1, n
    t = x(i) * x(i) + y(i)
    z(i) = cos(t) * x(i)
  end do
  !$omp end parallel do
end subroutine carry
