module column_phys
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
  real(wp), parameter :: cp = 1004.0_wp, g = 9.81_wp
contains
  pure subroutine column(nz, t, q, dp, heat)
    integer, intent(in) :: nz
    real(wp), intent(inout) :: t(nz), q(nz)
    real(wp), intent(in) :: dp(nz)
    real(wp), intent(out) :: heat
    integer :: k
    real(wp) :: cond, qs
    heat = 0
    do k = 1, nz
      qs = 0.01_wp*exp(0.05_wp*(t(k) - 273.0_wp))
      cond = max(q(k) - qs, 0.0_wp)
      q(k) = q(k) - 0.5_wp*cond
      t(k) = t(k) + 2.5e6_wp/cp*0.5_wp*cond
      heat = heat + cond*dp(k)/g
    end do
  end subroutine
  subroutine physics(ncol, nz, t, q, dp, precip, total)
    integer, intent(in) :: ncol, nz
    real(wp), intent(inout) :: t(nz, ncol), q(nz, ncol)
    real(wp), intent(in) :: dp(nz)
    real(wp), intent(out) :: precip(ncol), total
    integer :: i
    real(wp) :: h, work(nz)
    total = 0
    !$omp parallel do private(i, h, work) reduction(+:total) schedule(static)
    do i = 1, ncol
      work = q(:, i)
      call column(nz, t(:, i), work, dp, h)
      q(:, i) = work
      precip(i) = h
      total = total + h*h
    end do
    !$omp end parallel do
  end subroutine
  subroutine run(ncol, nz, t0, q0, cost)
    integer, intent(in) :: ncol, nz
    real(wp), intent(in) :: t0(nz, ncol), q0(nz, ncol)
    real(wp), intent(out) :: cost
    real(wp) :: t(nz, ncol), q(nz, ncol), dp(nz), precip(ncol), total
    integer :: it, k
    do k = 1, nz
      dp(k) = 1000.0_wp + 10*k
    end do
    t = t0
    q = q0
    cost = 0
    do it = 1, 4
      call physics(ncol, nz, t, q, dp, precip, total)
      cost = cost + total + sum(precip)
      !$omp parallel do
      do k = 1, ncol
        t(:, k) = t(:, k) - 0.1_wp*(t(:, k) - 0.5_wp)**2
      end do
    end do
    cost = cost + sum(t**2)*1e-6_wp
  end subroutine
end module
