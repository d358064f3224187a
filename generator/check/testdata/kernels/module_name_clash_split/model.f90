! A shallow-water step over fixed-size module state, with calls: split:
! advance has a dummy flux (its diagnostic) of the name of the module's
! flux array that its callees compute and read, and renames the module's
! h. advance_fwd and advance_bwd reach the module's flux and its adjoint
! through renamed USEs (fadj_grid_flux_b => flux_b), as their own
! flux_b is the dummy's.
module grid
  implicit none
  integer, parameter :: nx = 6
  real(8) :: h(nx), flux(nx)
  real(8) :: g = 9.81d0
contains
  subroutine fluxes()
    integer :: i
    flux(1) = 0
    do i = 2, nx
      flux(i) = 0.5d0*g*(h(i)**2 - h(i-1)**2)
    end do
  end subroutine

  subroutine apply(dt)
    real(8), intent(in) :: dt
    integer :: i
    do i = 1, nx - 1
      h(i) = h(i) - dt*(flux(i+1) - flux(i))
    end do
  end subroutine
end module

module stepper
  implicit none
contains
  subroutine advance(h, flux, dt, nt)
    use grid, only: nx, fluxes, apply, hg => h
    real(8), intent(inout) :: h(nx)
    real(8), intent(out) :: flux
    real(8), intent(in) :: dt
    integer, intent(in) :: nt
    integer :: it
    hg = h
    flux = 0
    do it = 1, nt
      call fluxes()
      call apply(dt)
      flux = flux + sum(hg)
    end do
    h = hg
  end subroutine
end module

subroutine model(x, dt, nt, cost)
  use grid, only: nx
  use stepper
  implicit none
  real(8), intent(inout) :: x(nx)
  real(8), intent(in) :: dt
  integer, intent(in) :: nt
  real(8), intent(out) :: cost
  real(8) :: total
  call advance(x, total, dt, nt)
  cost = sum(x**2) + total
end subroutine
