! (fp_land_mask) 2-D implicit diffusion by Jacobi over the interior of an ocean basin:
! land points (mask) and the boundary keep their values.
subroutine jac2d_run(t, src, nx, ny, nt, j)
  implicit none
  integer, intent(in) :: nx, ny, nt
  real(8), intent(inout) :: t(nx, ny)
  real(8), intent(in) :: src(nx, ny)
  real(8), intent(out) :: j
  real(8) :: told(nx, ny), tn(nx, ny), r, res
  logical :: ocean(nx, ny)
  integer :: i, k, it, step
  r = 0.3d0
  ocean = .false.
  ocean(2:nx-1, 2:ny-1) = .true.
  ocean(3, 3) = .false.
  j = 0
  tn = t
  time: do step = 1, nt
    told = t
    solve: do it = 1, 400
      do k = 2, ny-1
        do i = 2, nx-1
          tn(i, k) = (told(i, k) + 0.05d0*src(i, k) + r*(t(i-1, k) + t(i+1, k) + t(i, k-1) + t(i, k+1)))/(1 + 4*r)
        end do
      end do
      res = maxval(abs(tn - t), mask=ocean)
      where (ocean) t = tn
      if (res < 1.0d-15) exit solve
    end do solve
    j = j + sum(t**2, mask=ocean)
  end do time
end subroutine
