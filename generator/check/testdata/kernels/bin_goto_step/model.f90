! A time loop whose step skips parts of itself with GO TOs to labels of
! the step, written as older models do: from the loop over the cells to
! the output of the step, and past the output. The GO TOs stay in the
! step: the advance form keeps them, the record form reverses them as
! the plain adjoint does.
subroutine model(n, nt, u, c, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: y
  integer :: it, i
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (mod(it + i, 4) == 0) go to 10
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    if (mod(it, 3) == 0) go to 20
    y = y + sum(u**2)
10  y = y + it*u(1)
20  continue
  end do
  y = y + sum(u)
end subroutine
