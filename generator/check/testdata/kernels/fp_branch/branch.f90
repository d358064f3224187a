! A fixed-point loop with branches in its body, checked for stationary
! control flow (stationarity: check): a clipped relaxation whose clip
! (an IF in a nested DO) and whose inner DO WHILE (a few scalar
! corrections, trip count fixed once converged) take the same branches
! in the last iterations. The residual is a loop of its own, which the
! recording sweep drops.
subroutine branch(p, q, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n), q
  real(8), intent(out) :: x(n)
  real(8) :: xn(n), err, s, t
  integer :: i, it, m
  x = 0
  do it = 1, 500
    do i = 1, n
      xn(i) = 0.4d0*sin(x(i)) + p(i) + 0.1d0*q*x(n + 1 - i)
      if (xn(i) > 5) then
        xn(i) = 5
      end if
    end do
    s = sum(xn)
    t = 1
    m = 0
    do while (t > 0.3d0 .and. m < 4)
      t = 0.5d0*t
      m = m + 1
    end do
    xn = xn - 0.01d0*t*s/n
    err = 0
    do i = 1, n
      err = max(err, abs(xn(i) - x(i)))
    end do
    x = xn
    if (err < 1.0d-14) exit
  end do
end subroutine
