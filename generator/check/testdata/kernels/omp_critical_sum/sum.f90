! Sums the threads accumulate in a parallel loop, as models total an
! energy or a mass: one in a named CRITICAL section, one by an ATOMIC
! update. The adjoint of s = s + e leaves s_b as it is: the backward loop
! only reads s_b and w_b, in parallel, without the sections.
subroutine energy(n, x, y, s, w)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n), s, w
  integer :: i
  real(8) :: e
  s = 0.0d0
  w = 0.0d0
  !$omp parallel do private(e) shared(s, w)
  do i = 1, n
    e = 0.5d0 * x(i)**2
    y(i) = sin(x(i)) * e
    !$omp critical (acc)
    s = s + e * x(i)
    !$omp end critical (acc)
    !$omp atomic
    w = w + x(i) * y(i)
  end do
  !$omp end parallel do
  s = s * s + w
end subroutine energy
