! (fp_redblack) Red-black SOR on a 2-D grid with fixed boundary values, as a DO WHILE
subroutine rb_run(u, f, nx, ny, j)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(inout) :: u(nx, ny)
  real(8), intent(in) :: f(nx, ny)
  real(8), intent(out) :: j
  real(8) :: uold(nx, ny), err, unew
  integer :: i, k, color, it
  err = 1
  it = 0
  sor: do while (err > 1.0d-15 .and. it < 2000)
    uold = u
    do color = 0, 1
      do k = 2, ny-1
        do i = 2, nx-1
          unew = 0.25d0*(u(i-1,k) + u(i+1,k) + u(i,k-1) + u(i,k+1) + 0.1d0*f(i,k) - 0.05d0*u(i,k)**2)
          if (mod(i+k, 2) == color) u(i,k) = u(i,k) + 1.2d0*(unew - u(i,k))
        end do
      end do
    end do
    err = maxval(abs(u - uold))
    it = it + 1
  end do sor
  j = sum(u**2) + sum(u(:,1)*u(:,ny))
end subroutine
