! Viscous Burgers-type transport of a 2-D field u on an n x n grid
! (zero boundary values), explicit Euler steps. Each step calls three
! routines that read u and write one diagnostic each (the fluxes in x
! and y, the diffusivity 1 + a*u**2), then one that overwrites u from
! them. All four calls are checkpointed: u is read by the four and
! overwritten by the last only, so it needs saving once a step, in the
! snapshot of the last call (Dauvergne & Hascoet's example of successive
! snapshots), not once per call. The three readers are written as legacy
! code is, without INTENT: only an analysis of their bodies tells that
! they do not write u.
subroutine flux_x(n, u, gx)
  implicit none
  integer :: n
  real(8) :: u(0:n+1, 0:n+1), gx(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      gx(i, j) = 0.25d0*(u(i+1, j)**2 - u(i-1, j)**2)
    end do
  end do
end subroutine flux_x

subroutine flux_y(n, u, gy)
  implicit none
  integer :: n
  real(8) :: u(0:n+1, 0:n+1), gy(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      gy(i, j) = 0.25d0*(u(i, j+1)**2 - u(i, j-1)**2)
    end do
  end do
end subroutine flux_y

subroutine diffusivity(n, a, u, kd)
  implicit none
  integer :: n
  real(8) :: a, u(0:n+1, 0:n+1), kd(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      kd(i, j) = 1.0d0 + a*u(i, j)**2
    end do
  end do
end subroutine diffusivity

subroutine advance(n, dt, u, gx, gy, kd)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt, gx(n, n), gy(n, n), kd(n, n)
  real(8), intent(inout) :: u(0:n+1, 0:n+1)
  real(8) :: unew(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      unew(i, j) = u(i, j) + dt*(kd(i, j)*(u(i+1, j) + u(i-1, j) + u(i, j+1) + u(i, j-1) &
        - 4.0d0*u(i, j)) - gx(i, j) - gy(i, j))
    end do
  end do
  do j = 1, n
    do i = 1, n
      u(i, j) = unew(i, j)
    end do
  end do
end subroutine advance

! nsteps steps from u0; the objective is the weighted energy of the
! final state.
subroutine sharedread(n, nsteps, a, u0, w, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: a, u0(n, n), w(n, n)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.05d0
  real(8) :: u(0:n+1, 0:n+1), gx(n, n), gy(n, n), kd(n, n)
  integer :: i, j, step
  u = 0.0d0
  do j = 1, n
    do i = 1, n
      u(i, j) = u0(i, j)
    end do
  end do
  do step = 1, nsteps
    call flux_x(n, u, gx)
    call flux_y(n, u, gy)
    call diffusivity(n, a, u, kd)
    call advance(n, dt, u, gx, gy, kd)
  end do
  cost = 0.0d0
  do j = 1, n
    do i = 1, n
      cost = cost + 0.5d0*w(i, j)*u(i, j)**2
    end do
  end do
end subroutine sharedread
