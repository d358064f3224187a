! A 2-D five-point stencil on interior points, column sections, and a
! quadratic objective.
subroutine smooth(u, w, nx, ny, cost)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: u(nx, ny), w
  real(8), intent(out) :: cost
  real(8) :: v(nx, ny)
  integer :: i, j
  v = u
  do j = 2, ny - 1
    do i = 2, nx - 1
      v(i, j) = u(i, j) + w*(u(i+1, j) + u(i-1, j) + u(i, j+1) + u(i, j-1) - 4*u(i, j))
    end do
  end do
  v(:, 1) = 0.5d0*v(:, 2)
  cost = 0
  do j = 1, ny
    cost = cost + sum(v(:, j)**2)
  end do
end subroutine
