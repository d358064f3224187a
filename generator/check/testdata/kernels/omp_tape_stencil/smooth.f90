! Two parallel loops whose iterations record on the tape: a stencil
! whose points each iterate a limiter to convergence, swept downward,
! and a loop of step 2 with an inner recurrence along a column.
subroutine smooth(n, m, u, v, w, c)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: u(0:n+1)
  real(8), intent(out) :: v(n)
  real(8), intent(inout) :: w(m, n)
  real(8), intent(in) :: c
  integer :: i, k, it
  real(8) :: g, r
  !$omp parallel do private(g, it) schedule(static)
  do i = n, 1, -1
    g = c*(u(i-1) - 2.0d0*u(i) + u(i+1))
    it = 0
    do while (abs(g) > 0.05d0 .and. it < 5)
      g = g*(1.0d0 - 0.5d0*tanh(g))
      it = it + 1
    end do
    v(i) = u(i) + g*u(i+1)
  end do
  !$omp parallel do private(k, r)
  do i = 1, n, 2
    r = 0.0d0
    do k = 2, m
      if (w(k, i) > w(k-1, i)) then
        r = r + w(k, i)*w(k-1, i)
        w(k, i) = sqrt(abs(r) + w(k, i)**2)
      else
        w(k, i) = w(k, i)*c
      end if
    end do
  end do
end subroutine smooth
