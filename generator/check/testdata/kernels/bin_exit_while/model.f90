! A DO without loop control, left by an EXIT from a loop nested in its
! step (and a GO TO to the statement after it): snapshots placed
! online, the last step reversed from where it left.
subroutine model(n, u, w, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: w
  real(8), intent(out) :: y
  integer :: k, i
  real(8) :: e
  e = 1
  k = 0
  relax: do
    u = u + 0.03d0*(w*sin(u) - u*[u(2:n), u(1)])
    e = e*0.8d0
    k = k + 1
    do i = 1, n
      if (e < 0.02d0) exit relax
      u(i) = u(i)*(1 - 0.01d0*e)
    end do
    if (k > 100) go to 20
  end do relax
20 y = sum(u**2)*k
end subroutine
