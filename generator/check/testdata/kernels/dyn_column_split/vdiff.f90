module vert_mix
  implicit none
  integer, parameter :: r8 = selected_real_kind(15, 307)
  integer :: nz = 8
contains
  ! Thomas algorithm: a(k) x(k-1) + b(k) x(k) + c(k) x(k+1) = d(k)
  pure subroutine tridiag(a, b, c, d, x)
    real(r8), intent(in) :: a(:), b(:), c(:), d(:)
    real(r8), intent(out) :: x(:)
    real(r8) :: cp(size(b)), dp(size(b)), m
    integer :: k, n
    n = size(b)
    cp(1) = c(1)/b(1)
    dp(1) = d(1)/b(1)
    do k = 2, n
      m = b(k) - a(k)*cp(k-1)
      cp(k) = c(k)/m
      dp(k) = (d(k) - a(k)*dp(k-1))/m
    end do
    x(n) = dp(n)
    do k = n-1, 1, -1
      x(k) = dp(k) - cp(k)*x(k+1)
    end do
  end subroutine tridiag

  pure subroutine column_diffuse(t, kappa, dz, dt)
    real(r8), intent(inout) :: t(0:)          ! level 0 is the surface ghost
    real(r8), intent(in) :: kappa(:), dz, dt
    real(r8) :: a(nz), b(nz), c(nz), rhs(nz), x(nz)
    integer :: k
    do k = 1, nz
      a(k) = -dt*kappa(k)/dz**2
      c(k) = -dt*kappa(k+1)/dz**2
      b(k) = 1._r8 - a(k) - c(k)
      rhs(k) = t(k)
    end do
    rhs(1) = rhs(1) - a(1)*t(0)
    a(1) = 0._r8
    c(nz) = 0._r8
    b(nz) = 1._r8 - a(nz)
    call tridiag(a, b, c, rhs, x)
    t(1:nz) = x
  end subroutine column_diffuse

  subroutine step_columns(nzl, ncol, temp, kap, tsurf, dz, dt, nsteps, heat, tmax)
    integer, intent(in) :: nzl, ncol, nsteps
    real(r8), intent(inout) :: temp(0:nzl, ncol)
    real(r8), intent(in) :: kap(nzl+1, ncol), tsurf(ncol), dz, dt
    real(r8), intent(out) :: heat, tmax
    real(r8) :: w(nzl), prof(nzl, ncol)
    integer :: i, n, loc(2)
    nz = nzl
    do n = 1, nsteps
      temp(0, :) = tsurf
      do concurrent (i = 1:ncol)
        call column_diffuse(temp(:, i), kap(:, i), dz, dt)
      end do
    end do
    w = [(real(i, r8)*dz, i = 1, nz)]
    prof = temp(1:, :)
    heat = sum(matmul(w, prof)) + dot_product(w, prof(:, 1))
    loc = maxloc(prof)
    tmax = prof(loc(1), loc(2)) + sum(transpose(prof)*transpose(prof))
  end subroutine step_columns
end module vert_mix
