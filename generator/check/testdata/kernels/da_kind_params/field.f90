! 3D-Var-like cost on a 2-D field: the control v through a square-root
! covariance (f = reshape(xb + matmul(lmat, v), [nx, ny])), a relaxation
! step and a nearest-point observation operator (minloc) as internal
! procedures, conversions with a named KIND (real(nx*ny, dp), real(x, dp),
! real(n, kind=dp)): the adjoint rejected them ("the KIND argument must be
! an integer literal").
module grid
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp) :: xg(30), yg(30)
end module grid

subroutine var2d(nx, ny, nt, nc, nob, v, lmat, xb, xo, yo, vo, j)
  use grid
  implicit none
  integer, intent(in) :: nx, ny, nt, nc, nob
  real(dp), intent(in) :: v(nc), lmat(nx*ny, nc), xb(nx*ny)
  real(dp), intent(in) :: xo(nob), yo(nob), vo(nob)
  real(dp), intent(out) :: j
  real(dp) :: f(nx, ny), g(nx, ny), innov(size(xo))
  logical :: inside(size(xo))
  real(dp) :: fmean
  integer :: it
  f = reshape(xb + matmul(lmat, v), [nx, ny])
  j = 0.5_dp * norm2(v)**2
  do it = 1, nt
    call relax(f)
    call observe(f, innov, inside)
    j = j + 0.5_dp * sum(innov**2, mask=inside)
  end do
  ! a penalty on the final field's spread about its mean
  fmean = sum(f) / real(nx*ny, dp)
  j = j + 0.1_dp * real(sqrt(sum((f - fmean)**2) / real(nx*ny - 1, kind=dp)), dp)
  j = j + 0.5_dp * dot_product(v, matmul(transpose(lmat), xb))**2 / real(nx*ny, dp)
contains
  subroutine relax(a)
    real(dp), intent(inout) :: a(:, :)
    g = a
    g(2:nx-1, 2:ny-1) = 0.25_dp * (a(1:nx-2, 2:ny-1) + a(3:nx, 2:ny-1) + a(2:nx-1, 1:ny-2) + a(2:nx-1, 3:ny)) &
                       - 0.1_dp * a(2:nx-1, 2:ny-1)**2
    a = g
  end subroutine relax
  subroutine observe(a, d, ok)
    real(dp), intent(in) :: a(:, :)
    real(dp), intent(out) :: d(:)
    logical, intent(out) :: ok(:)
    integer :: k, i, jj
    do k = 1, size(xo)
      i = minloc(abs(xg(1:nx) - xo(k)), 1)
      jj = minloc(abs(yg(1:ny) - yo(k)), 1)
      ok(k) = i > 1 .and. jj > 1
      d(k) = a(i, jj) - vo(k)
    end do
  end subroutine observe
end subroutine var2d

subroutine var2d_setup(nx, ny, nt, nc, nob, v, lmat, xb, xo, yo, vo, j)
  use grid
  implicit none
  integer, intent(in) :: nx, ny, nt, nc, nob
  real(dp), intent(inout) :: v(nc), lmat(nx*ny, nc), xb(nx*ny)
  real(dp), intent(inout) :: xo(nob), yo(nob), vo(nob)
  real(dp), intent(inout) :: j
  integer :: i
  do i = 1, 30
    xg(i) = 0.1_dp * i
    yg(i) = 0.2_dp * i
  end do
  do i = 1, size(xo)
    xo(i) = 0.13_dp * i + 0.05_dp
    yo(i) = 0.31_dp * i
  end do
end subroutine var2d_setup
