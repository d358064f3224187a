! STOP and ERROR STOP on paths the check point does not take: a sanity
! check in a flux loop, a CASE DEFAULT of a callee, and a Newton
! iteration that gives up.
subroutine flux(u, f, n, scheme)
  integer, intent(in) :: n, scheme
  real(8), intent(in) :: u(n)
  real(8), intent(out) :: f(n)
  real(8) :: c
  integer :: i
  do i = 1, n
    if (u(i) < 0.0d0) then
      print *, 'negative speed at', i
      stop
    end if
    if (u(i) > 0.7d0) then
      c = 1.0d0
    else
      call speed(u(i), scheme, c)
    end if
    f(i) = c*u(i)
  end do
  call smooth(f, n)
end subroutine flux

subroutine speed(u, scheme, c)
  real(8), intent(in) :: u
  integer, intent(in) :: scheme
  real(8), intent(out) :: c
  select case (scheme)
  case (1)
    c = 0.5d0*u
  case (2, 3)
    c = 0.5d0*u + 0.1d0*u**2
  case default
    error stop 'speed: unknown scheme'
  end select
end subroutine speed

subroutine smooth(f, n)
  integer, intent(in) :: n
  real(8), intent(inout) :: f(n)
  real(8) :: r
  integer :: i, it
  ! f(i) <- the root r of r + r**3 = f(i), by Newton's method
  do i = 1, n
    r = f(i)
    it = 0
    do while (abs(r + r**3 - f(i)) > 1.0d-14)
      r = r - (r + r**3 - f(i))/(1.0d0 + 3.0d0*r**2)
      it = it + 1
      if (it > 50) stop 'smooth: no convergence'
    end do
    f(i) = r
  end do
end subroutine smooth
