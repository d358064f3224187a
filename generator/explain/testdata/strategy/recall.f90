! strategy recompute with calls in a loop body whose results the body
! overwrites: rate writes only its arguments, so the slice of its result r
! holds the call, run again in the backward sweep; tick also counts its
! calls in a module variable, and kept keeps a SAVE total: s and q are
! stored.
module counters
  implicit none
  integer :: ncalls = 0
end module counters

subroutine rate(u, k, r)
  implicit none
  real(8), intent(in) :: u, k
  real(8), intent(out) :: r
  r = k*u*(1.0d0 - u) + sin(u)
end subroutine rate

subroutine tick(u, r)
  use counters
  implicit none
  real(8), intent(in) :: u
  real(8), intent(out) :: r
  ncalls = ncalls + 1
  r = exp(-u)
end subroutine tick

subroutine kept(u, r)
  implicit none
  real(8), intent(in) :: u
  real(8), intent(out) :: r
  real(8), save :: total = 0.0d0
  total = total + u
  r = cos(u)
end subroutine kept

subroutine model(n, x, k, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), k
  real(8), intent(out) :: y
  real(8) :: a, b, r, s, q
  integer :: i
  y = 0.0d0
  do i = 1, n
    a = x(i)**2
    call rate(a, k, r)
    call tick(a, s)
    call kept(a, q)
    b = r*s*q
    r = r*b + sin(r)
    s = cos(b)*s
    q = q*q + s
    y = y + a*r + q
  end do
end subroutine model
