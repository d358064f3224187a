! 4D-Var cost of an advection-diffusion model, its observation operator a
! bilinear interpolation function (cell index from floor() of the
! coordinate); binomially checkpointed time loop. interp's INTENT(IN)
! arguments nx, ny, xo, yo were taken as defined by the reference and
! restored from the snapshot (INTENT(IN) dummies: did not compile).
module physics
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
  type :: params_t
    real(wp) :: drag
    real(wp) :: logk
    real(wp) :: vel(2)
  end type params_t
end module physics

module obsop
  use physics, only: wp
  implicit none
  integer, parameter :: maxobs = 20
  real(wp) :: xo(maxobs), yo(maxobs), dobs(maxobs)
  integer :: nobs_tot = 0
contains
  ! bilinear interpolation of field c(nx,ny) at (x,y) in grid units
  real(wp) function interp(nx, ny, c, x, y) result(v)
    integer, intent(in) :: nx, ny
    real(wp), intent(in) :: c(nx, ny), x, y
    integer :: i0, j0
    real(wp) :: wx, wy
    i0 = int(floor(x))
    j0 = int(floor(y))
    i0 = max(1, min(nx - 1, i0))
    j0 = max(1, min(ny - 1, j0))
    wx = x - real(i0, wp)
    wy = y - real(j0, wp)
    v = (1 - wx) * (1 - wy) * c(i0, j0) + wx * (1 - wy) * c(i0 + 1, j0) &
      + (1 - wx) * wy * c(i0, j0 + 1) + wx * wy * c(i0 + 1, j0 + 1)
  end function interp
end module obsop

module advdiff
  use physics
  implicit none
contains
  subroutine advance(nx, ny, dt, p, c)
    integer, intent(in) :: nx, ny
    real(wp), intent(in) :: dt
    type(params_t), intent(in) :: p
    real(wp), intent(inout) :: c(nx, ny)
    real(wp) :: cn(nx, ny), kdiff
    integer :: i, j, ip, im, jp, jm
    kdiff = exp(p%logk)
    cn = c
    do j = 1, ny
      jp = min(j + 1, ny); jm = max(j - 1, 1)
      do i = 1, nx
        ip = min(i + 1, nx); im = max(i - 1, 1)
        cn(i, j) = c(i, j) + dt * ( &
          kdiff * (c(ip, j) + c(im, j) + c(i, jp) + c(i, jm) - 4 * c(i, j)) &
          - p%vel(1) * 0.5_wp * (c(ip, j) - c(im, j)) &
          - p%vel(2) * 0.5_wp * (c(i, jp) - c(i, jm)) &
          - p%drag * c(i, j) * abs(c(i, j)))
      end do
    end do
    c = cn
  end subroutine advance
end module advdiff

subroutine da_cost(nx, ny, nt, nfreq, dt, p, c0, cb, jtot, jobs)
  use physics
  use obsop
  use advdiff
  implicit none
  integer, intent(in) :: nx, ny, nt, nfreq
  real(wp), intent(in) :: dt
  type(params_t), intent(in) :: p
  real(wp), intent(in) :: c0(nx, ny), cb(nx, ny)
  real(wp), intent(out) :: jtot, jobs
  real(wp) :: c(nx, ny), jb, hx
  integer :: it, k
  jb = 0.5_wp * sum((c0 - cb)**2) + 0.5_wp * (p%logk + 2.0_wp)**2
  c = c0
  jobs = 0.0_wp
  do it = 1, nt
    call advance(nx, ny, dt, p, c)
    if (mod(it, nfreq) == 0) then
      do k = 1, nobs_tot
        hx = interp(nx, ny, c, xo(k), yo(k))
        jobs = jobs + 0.5_wp * (hx - dobs(k))**2
      end do
    end if
  end do
  jtot = jb + jobs + 100.0_wp * max(0.0_wp, -p%drag)**2
end subroutine da_cost

subroutine da_setup(nx, ny, nt, nfreq, dt, p, c0, cb, jtot, jobs)
  use physics
  use obsop
  implicit none
  integer, intent(in) :: nx, ny, nt, nfreq
  real(wp), intent(in) :: dt
  type(params_t), intent(inout) :: p
  real(wp), intent(inout) :: c0(nx, ny), cb(nx, ny)
  real(wp), intent(inout) :: jtot, jobs
  integer :: k
  nobs_tot = 7
  do k = 1, nobs_tot
    xo(k) = 1.3_wp + 0.77_wp * k
    yo(k) = 1.1_wp + 0.53_wp * k
    dobs(k) = 0.4_wp
  end do
  p%logk = -2.0_wp
  p%vel = [0.3_wp, -0.2_wp]
  p%drag = 0.05_wp
end subroutine da_setup
