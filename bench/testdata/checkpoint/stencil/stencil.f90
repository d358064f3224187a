! 2-D advection-diffusion of a tracer q on an n x n grid (zero boundary
! values) in a given velocity field (vx, vy), with a nonlinear
! diffusivity 1 + a*q**2: the time loop calls the array-heavy step
! routine adv_step, a 9-point stencil over the grid, nsteps times. The
! step reads the velocity arrays and writes only q: a snapshot needs q,
! never vx or vy.
subroutine adv_step(n, dt, a, vx, vy, q)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt, a, vx(n, n), vy(n, n)
  real(8), intent(inout) :: q(0:n+1, 0:n+1)
  real(8) :: qn(n, n), k, lap, adv
  integer :: i, j
  do j = 1, n
    do i = 1, n
      k = 1.0d0 + a*q(i, j)**2
      lap = (4.0d0*(q(i+1, j) + q(i-1, j) + q(i, j+1) + q(i, j-1)) &
        + q(i+1, j+1) + q(i-1, j+1) + q(i+1, j-1) + q(i-1, j-1) - 20.0d0*q(i, j))/6.0d0
      adv = vx(i, j)*(q(i+1, j) - q(i-1, j)) + vy(i, j)*(q(i, j+1) - q(i, j-1))
      qn(i, j) = q(i, j) + dt*(k*lap - 0.5d0*adv)
    end do
  end do
  do j = 1, n
    do i = 1, n
      q(i, j) = qn(i, j)
    end do
  end do
end subroutine adv_step

! nsteps steps from q0; the objective is the weighted variance of the
! final tracer.
subroutine stencil(n, nsteps, a, q0, vx, vy, w, cost)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: a, q0(n, n), vx(n, n), vy(n, n), w(n, n)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.1d0
  real(8) :: q(0:n+1, 0:n+1)
  integer :: i, j, it
  q = 0.0d0
  do j = 1, n
    do i = 1, n
      q(i, j) = q0(i, j)
    end do
  end do
  do it = 1, nsteps
    call adv_step(n, dt, a, vx, vy, q)
  end do
  cost = 0.0d0
  do j = 1, n
    do i = 1, n
      cost = cost + w(i, j)*q(i, j)**2
    end do
  end do
end subroutine stencil
