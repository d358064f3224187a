! (fp_module_bc) An ocean column whose temperature is an ALLOCATABLE
! module array: each step calls solve, a Jacobi fixed point over the
! interior (the boundary values are parameters of the loop), reversed
! split, under a binomially checkpointed time loop.
module ocean
  implicit none
  integer :: n = 9, nsteps = 5
  real(8), allocatable :: temp(:), tprev(:)
  real(8) :: kap = 0.3d0
contains
  subroutine solve(forcing)
    real(8), intent(in) :: forcing(:)
    real(8), allocatable :: tn(:)
    real(8) :: res
    integer :: i, it
    allocate(tn(n))
    tprev = temp
    tn = temp
    jac: do it = 1, 300
      do i = 2, n-1
        tn(i) = (tprev(i) + 0.05d0*forcing(i) + kap*(temp(i-1) + temp(i+1)))/(1 + 2*kap)
      end do
      res = maxval(abs(tn(2:n-1) - temp(2:n-1)))
      temp(2:n-1) = tn(2:n-1)
      if (res < 1.0d-15) exit jac
    end do jac
    deallocate(tn)
  end subroutine
end module

subroutine ocean_run(t0, forcing, j)
  use ocean
  implicit none
  real(8), intent(in) :: t0(9), forcing(9)
  real(8), intent(out) :: j
  integer :: s
  if (allocated(temp)) deallocate(temp, tprev)
  allocate(temp(n), tprev(n))
  temp = t0
  j = 0
  do s = 1, nsteps
    call solve(forcing)
    temp(1) = 0.9d0*temp(1) + 0.1d0*temp(2)
    j = j + sum(temp**2)
  end do
end subroutine
