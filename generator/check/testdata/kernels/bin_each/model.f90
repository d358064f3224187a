! Each iteration a checkpoint (no binomial schedule): a leapfrog-like
! two-level scheme carrying two time levels, an IF in the step.
subroutine model(n, nt, u, uold, dt, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n), uold(n)
  real(8), intent(in) :: dt
  real(8), intent(out) :: j
  real(8) :: unew(n)
  integer :: it
  j = 0
  do it = 1, nt
    unew = uold + 2*dt*(cos(u) - u*[u(2:n), u(1)])
    if (mod(it, 3) == 0) then
      unew = 0.9d0*unew + 0.1d0*u
    end if
    uold = u
    u = unew
    j = j + u(1)*u(n)
  end do
end subroutine
