! A closure module whose step calls an external equation routine with an
! OPTIONAL argument (so it declares its interface), which uses the module
! back and the solver: the derivative code sits in the closure module
! (output.augment) and the solver's work arrays stay out of its reach.
module closure
  implicit none
  private
  public step, tke, nu
  real(8), allocatable :: tke(:), nu(:)
contains
  subroutine step(n, dt, shear)
    integer, intent(in) :: n
    real(8), intent(in) :: dt, shear(0:n)
    interface
      subroutine tke_eq(n, dt, shear, damping)
        integer, intent(in) :: n
        real(8), intent(in) :: dt, shear(0:n)
        real(8), intent(in), optional :: damping
      end subroutine tke_eq
    end interface
    call tke_eq(n, dt, shear)
    nu = 0.1d0*sqrt(tke)
  end subroutine step
end module closure

subroutine tke_eq(n, dt, shear, damping)
  use closure, only: tke, nu
  use tridiag, only: solve, au, bu, cu, du
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt, shear(0:n)
  real(8), intent(in), optional :: damping
  real(8) :: d
  integer :: i
  d = 1.0d0
  if (present(damping)) d = damping
  do i = 1, n - 1
    au(i) = -dt*nu(i+1)
    cu(i) = -dt*nu(i-1)
    bu(i) = 1.0d0 + dt*(nu(i+1) + nu(i-1)) + dt*d
    du(i) = tke(i) + dt*nu(i)*shear(i)**2
  end do
  call solve(1, n - 1, tke)
end subroutine tke_eq
