! Private temporaries of parallel loops in reverse mode. Both loops have
! a private t: the references to t in the other loop are to another
! variable, so the second loop's adjoint computes t again in each
! iteration. The first loop overwrites x(i), from which t was computed:
! t cannot be computed again, so the forward loop stores its value at
! the end of each iteration in an array indexed by i (taped after the
! loop as one piece), from which each backward iteration starts (the
! array is shared: the forward loop drops default(none)). The
! third loop overwrites t itself: each value of t its adjoint needs is
! stored the same way, in an array of its own.
subroutine carry(n, x, y, z, w)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n)
  real(8), intent(out) :: z(n), w(n)
  integer :: i
  real(8) :: t
  !$omp parallel do default(none) shared(n, x, y) private(i, t)
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
  !$omp parallel do private(t) schedule(dynamic, 3)
  do i = 1, n
    t = x(i)
    t = t * t + y(i)
    w(i) = cos(t) * x(i)
    t = sin(t) * y(i)
    w(i) = w(i) + t * t
  end do
  !$omp end parallel do
end subroutine carry
