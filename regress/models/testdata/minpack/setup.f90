! Check points of the minpack_module targets: each sets the integer and
! logical arguments and makes the matrices well conditioned, as a caller
! of these routines has them (an upper triangular r with a nonzero
! diagonal, a permutation in ipvt).
subroutine setup_qrsolv(n, r, ldr, ipvt, diag, qtb, x, sdiag, wa)
  implicit none
  integer, intent(in) :: n, ldr
  integer, intent(inout) :: ipvt(n)
  double precision, intent(inout) :: r(ldr, n), diag(n), qtb(n), x(n), sdiag(n), wa(n)
  integer :: j
  do j = 1, n
    ipvt(j) = n + 1 - j
    r(j, j) = r(j, j) + 2.0d0
  end do
end subroutine setup_qrsolv

subroutine setup_lmpar(n, r, ldr, ipvt, diag, qtb, delta, par, x, sdiag, wa1, wa2)
  implicit none
  integer, intent(in) :: n, ldr
  integer, intent(inout) :: ipvt(n)
  double precision, intent(inout) :: r(ldr, n), diag(n), qtb(n), delta, par, x(n), sdiag(n), wa1(n), wa2(n)
  integer :: j
  do j = 1, n
    ipvt(j) = n + 1 - j
    r(j, j) = r(j, j) + 2.0d0
  end do
  delta = 0.1d0*delta
  par = 0.0d0
end subroutine setup_lmpar

subroutine setup_dogleg(n, r, lr, diag, qtb, delta, x, wa1, wa2)
  implicit none
  integer, intent(in) :: n, lr
  double precision, intent(inout) :: r(lr), diag(n), qtb(n), delta, x(n), wa1(n), wa2(n)
  integer :: j, jj
  jj = 1
  do j = 1, n
    r(jj) = r(jj) + 2.0d0
    jj = jj + n - j + 1
  end do
  delta = 0.3d0*delta
end subroutine setup_dogleg

subroutine setup_r1updt(m, n, s, ls, u, v, w, sing)
  implicit none
  integer, intent(in) :: m, n, ls
  double precision, intent(inout) :: s(ls), u(m), v(n), w(m)
  logical, intent(inout) :: sing
  sing = .false.
end subroutine setup_r1updt
