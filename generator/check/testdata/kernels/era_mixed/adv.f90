! Strategy recompute on mixed cases: two loops sharing a temporary (t),
! one of which passes it to a call (t stays stored in both); a temporary
! assigned in an outer and an inner loop body (s: recomputing it would
! need a snapshot of y as large as what it saves, so it is stored); a
! block-local q under a logical IF read by an IF construct (recomputed).
subroutine bump(a)
  implicit none
  real(8), intent(inout) :: a
  a = a + 0.1d0*a*a
end subroutine bump
subroutine adv(n, x, y, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y, z(n)
  real(8) :: t, s, p, q
  integer :: i, k, m
  y = 0
  ! sibling loops sharing t; the second one's call defines t
  do i = 1, n
    t = x(i)*x(i)
    y = y + sin(t)
  end do
  do i = 1, n
    t = cos(x(i))
    call bump(t)
    y = y + t*t
  end do
  ! nested: s local to the outer body and to the inner body
  do i = 1, n
    s = x(i) + 1
    y = y + s*s
    m = mod(i, 3) + 1
    do k = 1, m
      s = x(k)*y
      y = y + exp(0.1d0*s)
    end do
    s = sin(y)
    y = y + s*s
  end do
  ! snapshot where the statement itself overwrites what the slice uses
  do i = 1, n
    p = x(i)*1.5d0
    q = p*p
    if (q > 0.5d0) q = sqrt(q)
    if (p > 0.1d0) then
      y = y + q*p
    else
      y = y - q*q*p
    end if
    z(i) = x(i) + 0.01d0*y*q
  end do
end subroutine adv
