! A parallel region holding two worksharing loops, with the private
! temporary t of both declared on the region, passive and active code
! in SINGLE and MASTER blocks, an explicit barrier and a reduction on
! the second loop. Reverse mode reverses the loops in reverse order inside one
! parallel region, with barriers between them.
subroutine region(n, u, c, v, w, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), c
  real(8), intent(out) :: v(n), w(n), s
  integer :: i, calls
  real(8) :: t
  s = 0.0d0
  !$omp parallel private(t) shared(u, v, w)
  !$omp single
  calls = 0
  w(1) = c * u(1)
  !$omp end single
  !$omp do
  do i = 1, n
    t = c * u(i)
    v(i) = sin(t) * u(i)
  end do
  !$omp end do
  !$omp master
  v(1) = v(1) * c
  calls = calls + 1
  !$omp end master
  !$omp barrier
  !$omp do reduction(+:s) schedule(static)
  do i = 2, n - 1
    t = v(i-1) - 2.0d0 * v(i) + v(i+1)
    w(i) = u(i) * t
    s = s + t * t
  end do
  !$omp end do
  !$omp single
  w(n) = w(1) * v(n)
  !$omp end single
  !$omp end parallel
end subroutine region
