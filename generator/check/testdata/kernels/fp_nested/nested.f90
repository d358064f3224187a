! A fixed-point loop in a callee reversed jointly (a checkpointed call),
! called twice in a loop of the caller, with the caller's values around.
subroutine solve(p, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n)
  real(8), intent(inout) :: x(n)
  real(8) :: xnew(n), err
  err = 1
  relax: do while (err > 1.0d-14)
    xnew = 0.3d0*sin(x) + p
    err = maxval(abs(xnew - x))
    x = xnew
  end do relax
end subroutine

subroutine outer(p, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n)
  real(8), intent(out) :: y
  real(8) :: x(n), q(n)
  integer :: k
  x = 0
  q = p
  y = 0
  do k = 1, 2
    call solve(q, x, n)
    y = y + sum(x**2)
    q = q*x
  end do
end subroutine
