module nrtype
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: i4b = selected_int_kind(9)
end module nrtype

module soil_vg
  use nrtype
  implicit none
  type, public :: vg_par
    real(dp) :: ksat
    real(dp) :: alpha
    real(dp) :: n
    real(dp) :: thr
    real(dp) :: ths
  end type vg_par
contains
  elemental function theta_h(h, p) result(th)
    real(dp), intent(in) :: h
    type(vg_par), intent(in) :: p
    real(dp) :: th, m
    m = 1.0_dp - 1.0_dp / p%n
    if (h < 0.0_dp) then
      th = p%thr + (p%ths - p%thr) * (1.0_dp + (p%alpha * abs(h))**p%n)**(-m)
    else
      th = p%ths
    end if
  end function theta_h

  elemental function k_h(h, p) result(k)
    real(dp), intent(in) :: h
    type(vg_par), intent(in) :: p
    real(dp) :: k, m, se
    m = 1.0_dp - 1.0_dp / p%n
    se = (theta_h(h, p) - p%thr) / (p%ths - p%thr)
    k = p%ksat * sqrt(se) * (1.0_dp - (1.0_dp - se**(1.0_dp/m))**m)**2
  end function k_h
end module soil_vg

module richards_solver
  use nrtype
  use soil_vg
  implicit none
  integer(i4b), parameter :: nlay = 6
contains
  subroutine solve_step(p, dz, dt, qtop, h, niter)
    type(vg_par), intent(in) :: p
    real(dp), intent(in) :: dz, dt, qtop
    real(dp), intent(inout) :: h(nlay)
    integer(i4b), intent(out) :: niter
    real(dp) :: hold(nlay), th_old(nlay), res(nlay), jd(nlay), jl(nlay), ju(nlay), dh(nlay), kf(nlay+1)
    real(dp) :: eps, cap(nlay)
    integer(i4b) :: it, k
    hold = h
    th_old = theta_h(hold, p)
    eps = 1.0e-6_dp
    do it = 1, 30
      kf(1) = 0.0_dp
      kf(nlay+1) = k_h(h(nlay), p)
      do k = 2, nlay
        kf(k) = sqrt(k_h(h(k-1), p) * k_h(h(k), p))
      end do
      cap = (theta_h(h + eps, p) - theta_h(h - eps, p)) / (2.0_dp*eps)
      do k = 1, nlay
        res(k) = (theta_h(h(k), p) - th_old(k)) * dz / dt
        if (k > 1) res(k) = res(k) + kf(k) * ((h(k) - h(k-1))/dz - 1.0_dp)
        if (k < nlay) res(k) = res(k) - kf(k+1) * ((h(k+1) - h(k))/dz - 1.0_dp)
        if (k == 1) res(k) = res(k) - qtop
        if (k == nlay) res(k) = res(k) + kf(nlay+1)
        jd(k) = cap(k) * dz / dt
        jl(k) = 0.0_dp; ju(k) = 0.0_dp
        if (k > 1) then
          jd(k) = jd(k) + kf(k)/dz
          jl(k) = -kf(k)/dz
        end if
        if (k < nlay) then
          jd(k) = jd(k) + kf(k+1)/dz
          ju(k) = -kf(k+1)/dz
        end if
      end do
      call thomas(jl, jd, ju, -res, dh)
      h = h + dh
      niter = it
      if (maxval(abs(dh)) < 1.0e-12_dp) exit
    end do
  end subroutine solve_step

  subroutine thomas(a, b, c, d, x)
    real(dp), intent(in) :: a(:), b(:), c(:), d(:)
    real(dp), intent(out) :: x(:)
    real(dp) :: cp(size(b)), dp_(size(b)), m
    integer :: i, n
    n = size(b)
    cp(1) = c(1)/b(1); dp_(1) = d(1)/b(1)
    do i = 2, n
      m = b(i) - a(i)*cp(i-1)
      cp(i) = c(i)/m
      dp_(i) = (d(i) - a(i)*dp_(i-1))/m
    end do
    x(n) = dp_(n)
    do i = n-1, 1, -1
      x(i) = dp_(i) - cp(i)*x(i+1)
    end do
  end subroutine thomas

  subroutine calib(nt, p, h0, rain, thobs, cost)
    integer(i4b), intent(in) :: nt
    type(vg_par), intent(in) :: p
    real(dp), intent(in) :: h0(nlay), rain(nt), thobs(nlay, nt)
    real(dp), intent(out) :: cost
    real(dp) :: h(nlay)
    integer(i4b) :: istep, nit
    h = h0
    cost = 0.0_dp
    do istep = 1, nt
      call solve_step(p, 0.1_dp, 3600.0_dp, rain(istep), h, nit)
      cost = cost + sum((theta_h(h, p) - thobs(:, istep))**2)
    end do
  end subroutine calib
end module richards_solver
