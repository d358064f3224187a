! (fp_swe_friction) 1-D shallow water on a periodic grid: substeps of
! Rusanov-like fluxes into module work arrays, then implicit friction
! solved by a Picard iteration on the derived-type state s, which defines
! s%u only (s%h is a parameter of the loop); outer loop checkpointed per
! iteration, inner substeps binomially.
module swe_mod
  implicit none
  integer, parameter :: nx = 10
  type swe_state
    real(8) :: h(nx), u(nx)
    real(8) :: time
  end type
  real(8) :: g = 9.81d0, dx = 1.0d0, dt = 0.02d0
  real(8) :: cf = 0.01d0
  integer :: nsub = 3, nouter = 4
  real(8), allocatable :: flux_h(:), flux_u(:)
contains
  subroutine fluxes(s)
    type(swe_state), intent(in) :: s
    integer :: i, ip
    if (.not. allocated(flux_h)) allocate(flux_h(nx), flux_u(nx))
    do i = 1, nx
      ip = modulo(i, nx) + 1
      flux_h(i) = 0.5d0*(s%h(i)*s%u(i) + s%h(ip)*s%u(ip)) - 0.5d0*(s%h(ip) - s%h(i))
      flux_u(i) = 0.5d0*(0.5d0*s%u(i)**2 + g*s%h(i) + 0.5d0*s%u(ip)**2 + g*s%h(ip)) &
                  - 0.5d0*(s%u(ip) - s%u(i))
    end do
  end subroutine

  subroutine friction(s)
    type(swe_state), intent(inout) :: s
    real(8) :: unew(nx), uold(nx), err
    integer :: it
    uold = s%u
    ! implicit friction u = uold - dt*cf*u*|u|/h, by Picard
    picard: do it = 1, 100
      unew = uold - dt*cf*s%u*abs(s%u)/s%h
      err = maxval(abs(unew - s%u))
      s%u = unew
      if (err < 1.0d-15) exit picard
    end do picard
  end subroutine

  subroutine substep(s)
    type(swe_state), intent(inout) :: s
    integer :: i, im
    call fluxes(s)
    do i = 1, nx
      im = modulo(i-2, nx) + 1
      s%h(i) = s%h(i) - dt/dx*(flux_h(i) - flux_h(im))
      s%u(i) = s%u(i) - dt/dx*(flux_u(i) - flux_u(im))
    end do
    call friction(s)
    s%time = s%time + dt
  end subroutine
end module

subroutine swe_run(h0, u0, bath, j)
  use swe_mod
  implicit none
  real(8), intent(in) :: h0(nx), u0(nx), bath(nx)
  real(8), intent(out) :: j
  type(swe_state) :: s
  integer :: n, m
  s%h = h0 + bath
  s%u = u0
  s%time = 0
  j = 0
  outer: do n = 1, nouter
    inner: do m = 1, nsub
      call substep(s)
    end do inner
    j = j + sum((s%h - bath)**2)*dx
  end do outer
  j = j + 0.5d0*sum(s%u**2)
end subroutine
