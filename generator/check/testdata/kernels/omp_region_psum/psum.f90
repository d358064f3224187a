! A sum by hand in a parallel region: each thread accumulates its own
! partial sum psum (private to the region) over its iterations of the
! worksharing loop, then adds it to s in a critical section. The
! adjoint of psum is the same in every iteration (s_b), so the backward
! region sets it on every thread and the backward loop only reads it.
subroutine ps(n, x, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: s
  real(8) :: psum
  integer :: i
  s = 0.0d0
  !$omp parallel private(psum)
  psum = 0.0d0
  !$omp do
  do i = 1, n
    psum = psum + x(i)**2
  end do
  !$omp end do
  !$omp critical
  s = s + psum
  !$omp end critical
  !$omp end parallel
end subroutine ps
