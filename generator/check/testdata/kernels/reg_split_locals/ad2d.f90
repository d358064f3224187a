! (reg_split_locals) 2-D advection-diffusion on module state: a marker
! region in diffuse reads the local lap computed before it; with calls:
! split, diffuse_bwd is a new activation, so the region holds lap (and the
! globals it reads) on the snapshot stack (NaN adjoint before: lap unset).
module ad2d_state
  implicit none
  integer, parameter :: nx = 6, ny = 5
  real(8) :: c(nx, ny), u(nx, ny), v(nx, ny)
  real(8) :: kdiff = 0.02d0, dt = 0.1d0
  integer :: nt = 9
  real(8) :: total_decay
contains
  subroutine limiter(f)
    real(8), intent(inout) :: f(nx, ny)
    where (abs(f) > 0.5d0) f = sign(0.5d0, f)
  end subroutine

  subroutine advect()
    real(8) :: fx(nx, ny), fy(nx, ny)
    fx = u*c - cshift(u*c, -1, 1)
    fy = v*c - cshift(v*c, -1, 2)
    call limiter(fx)
    call limiter(fy)
    c = c - dt*(fx + fy)
  end subroutine

  subroutine diffuse(rate)
    real(8), intent(in) :: rate
    real(8) :: lap(nx, ny), w(3)
    w = [1.0d0, -2.0d0, 1.0d0]
    lap = w(1)*cshift(c, -1, 1) + w(2)*c + w(3)*cshift(c, 1, 1) &
        + w(1)*cshift(c, -1, 2) + w(2)*c + w(3)*cshift(c, 1, 2)
    !$fadj checkpoint begin react
    c = c + dt*kdiff*lap
    c = c*exp(-rate*dt)
    total_decay = total_decay + rate*dt*sum(c)
    !$fadj checkpoint end react
  end subroutine

  subroutine step(rate, cost)
    real(8), intent(in) :: rate
    real(8), intent(inout) :: cost
    call advect()
    call diffuse(rate)
    cost = cost + dt*sum(c**2, mask=c > 0.1d0)
  end subroutine
end module

subroutine ad2d_run(c0, u0, rate, j)
  use ad2d_state
  implicit none
  real(8), intent(in) :: c0(nx, ny), u0(nx, ny), rate
  real(8), intent(out) :: j
  integer :: it
  c = c0
  u = u0
  v = 0.5d0*u0
  total_decay = 0
  j = 0
  time: do it = 1, nt
    call step(rate, j)
    if (maxval(c) > 1.0d3) exit time
  end do time
  j = j + total_decay
end subroutine
