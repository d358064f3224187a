module ocn_types
  implicit none
  integer, parameter :: r8 = selected_real_kind(12)
  type column_state
    real(r8), allocatable :: temp(:), salt(:)
    real(r8) :: hbl = 10.0_r8
  end type column_state
  type mix_params
    real(r8) :: kappa0 = 1.0e-5_r8
    real(r8) :: kappa_bl = 1.0e-2_r8
    real(r8) :: alpha = 2.0e-4_r8, beta = 7.6e-4_r8
  end type mix_params
end module ocn_types

module ocn_mix
  use ocn_types
  implicit none
contains
  pure real(r8) function rho_lin(t, s, p) result(rho)
    real(r8), intent(in) :: t, s
    type(mix_params), intent(in) :: p
    rho = 1025.0_r8*(1.0_r8 - p%alpha*(t - 10.0_r8) + p%beta*(s - 35.0_r8))
  end function rho_lin

  subroutine diffuse(n, dt, dz, kap, x)
    integer, intent(in) :: n
    real(r8), intent(in) :: dt, dz, kap(0:n)
    real(r8), intent(inout) :: x(n)
    real(r8) :: a(n), b(n), c(n), cp(n), dp(n), m
    integer :: k
    do k = 1, n
      a(k) = -dt*kap(k-1)/dz**2
      c(k) = -dt*kap(k)/dz**2
      b(k) = 1.0_r8 - a(k) - c(k)
    end do
    cp(1) = c(1)/b(1)
    dp(1) = x(1)/b(1)
    do k = 2, n
      m = b(k) - a(k)*cp(k-1)
      cp(k) = c(k)/m
      dp(k) = (x(k) - a(k)*dp(k-1))/m
    end do
    x(n) = dp(n)
    do k = n-1, 1, -1
      x(k) = dp(k) - cp(k)*x(k+1)
    end do
  end subroutine diffuse

  subroutine ocn_run(n, nt, dt, dz, par, qflux, t0, s0, cost)
    integer, intent(in) :: n, nt
    real(r8), intent(in) :: dt, dz, qflux
    type(mix_params), intent(in) :: par
    real(r8), intent(in) :: t0(n), s0(n)
    real(r8), intent(out) :: cost
    type(column_state) :: col
    real(r8) :: kap(0:n), rho(n), drho
    integer :: k, it
    allocate(col%temp(n), col%salt(n))
    col%temp = t0
    col%salt = s0
    do it = 1, nt
      col%temp(1) = col%temp(1) + dt*qflux/(1025.0_r8*3990.0_r8*dz)
      do k = 1, n
        rho(k) = rho_lin(col%temp(k), col%salt(k), par)
      end do
      col%hbl = dz
      do k = 2, n
        drho = rho(k) - rho(1)
        if (drho > 0.01_r8) exit
        col%hbl = col%hbl + dz*min(1.0_r8, (0.01_r8 - drho)/0.01_r8)
      end do
      kap(0) = 0.0_r8
      kap(n) = 0.0_r8
      do k = 1, n-1
        kap(k) = merge(par%kappa_bl*(1.0_r8 - k*dz/col%hbl)**2 + par%kappa0, par%kappa0, k*dz < col%hbl)
      end do
      call diffuse(n, dt, dz, kap, col%temp)
      call diffuse(n, dt, dz, kap, col%salt)
    end do
    cost = sum(col%temp**2) + col%hbl + sum(col%salt)
  end subroutine ocn_run
end module ocn_mix

subroutine setup_ocn(n, nt, dt, dz, par, qflux, t0, s0, cost)
  use ocn_types
  implicit none
  integer, intent(in) :: n, nt
  real(r8) :: dt, dz, qflux, t0(n), s0(n), cost
  type(mix_params) :: par
  integer :: k
  par = mix_params()
  do k = 1, n
    t0(k) = t0(k) - 0.002_r8*k
  end do
end subroutine setup_ocn
