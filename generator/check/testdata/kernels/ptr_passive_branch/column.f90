! Coefficient tables picked by regime, as column physics does: a pointer
! to one of three passive tables (land, sea, ice) chosen by an IF on the
! surface type, associated anew between the stages of the column update
! (straight-line associations), a pointer to a row of a table nullified
! and associated again when it is not, the tables read by the stages and
! by a called routine. Reverse mode replays the associations.
subroutine column(n, t, q, surf, cost)
  implicit none
  integer, intent(in) :: n, surf
  real(8), intent(inout) :: t(n), q(n)
  real(8), intent(out) :: cost
  real(8), target :: land(n), sea(n), ice(n), coefs(3, n)
  real(8), pointer :: c(:), a(:)
  integer :: i
  do i = 1, n
    land(i) = 0.1d0 + 0.01d0*i
    sea(i) = 0.05d0
    ice(i) = 0.2d0 - 0.01d0*i
    coefs(:, i) = [0.3d0, 0.2d0, 0.1d0]*i/n
  end do
  if (surf == 1) then
    c => land
  else if (surf == 2) then
    c => sea
  else
    c => ice
  end if
  t = t - c*t**2*q
  c => sea
  q = q + c*sin(t)
  a => coefs(2, :)
  call mix(n, t, q, a)
  nullify(a)
  if (.not. associated(a)) a => coefs(1, :)
  t = t + a*q*t
  c => ice
  call mix(n, q, t, c)
  cost = sum(t**2) + sum(q*t)
end subroutine column

subroutine mix(n, x, y, w)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: y(n), w(n)
  x = x + w*x*y
end subroutine mix
