! The column the target steps: the closure's state set from the
! arguments, nt steps, a weighted sum of the viscosity.
module column
  implicit none
contains
  subroutine run(n, nt, dt, tke0, shear, cost)
    use closure, only: step, tke, nu
    integer, intent(in) :: n, nt
    real(8), intent(in) :: dt, tke0(0:n), shear(0:n)
    real(8), intent(out) :: cost
    integer :: it, i
    tke = tke0
    nu = 0.1d0*sqrt(tke0)
    do it = 1, nt
      call step(n, dt, shear)
    end do
    cost = 0.0d0
    do i = 0, n
      cost = cost + dble(i+1)*nu(i)
    end do
  end subroutine run

  subroutine setup(n, nt, dt, tke0, shear, cost)
    use closure, only: tke, nu
    use tridiag, only: init_tridiag
    integer, intent(in) :: n, nt
    real(8), intent(in) :: dt, tke0(0:n), shear(0:n)
    real(8), intent(in) :: cost
    call init_tridiag(n)
    if (allocated(tke)) deallocate(tke, nu)
    allocate(tke(0:n), nu(0:n))
  end subroutine setup
end module column
