! Branches on the state in loops, as flux limiters and 2-D objectives
! write them: the adjoint buffers each loop's branch choices and pushes
! them once after the loop (1 bit for IF/ELSE, 2 bits for 3 or 4
! branches), also in the inner loop of a nest.
subroutine limiter(n, m, u, w, cost)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: w(n)
  real(8), intent(inout) :: u(n, m)
  real(8), intent(out) :: cost
  real(8) :: d, s
  integer :: i, j
  cost = 0.0d0
  do j = 1, m
    do i = 2, n - 1
      ! minmod-like: which neighbour is closer
      if (abs(u(i, j) - u(i - 1, j)) < abs(u(i + 1, j) - u(i, j))) then
        u(i, j) = 0.5d0*(u(i, j) + u(i - 1, j))
      else
        u(i, j) = 0.5d0*(u(i, j) + u(i + 1, j))
      end if
    end do
  end do
  do i = 1, n
    ! three regimes of a smoothed penalty, applied in place: the branch
    ! taken must be recorded (u(i, 2) is overwritten)
    s = u(i, 2)*w(i)
    if (s <= -1.0d0) then
      u(i, 2) = -s - 0.5d0
    else if (s <= 1.0d0) then
      u(i, 2) = 0.5d0*s*s
    else
      u(i, 2) = s - 0.5d0
    end if
    cost = cost + u(i, 2)*w(i)
  end do
  do i = n, 1, -1
    ! four branches: two bits
    if (u(i, 3) > 1.2d0) then
      u(i, 3) = u(i, 3)**2
    else if (u(i, 3) > 0.8d0) then
      u(i, 3) = 2.0d0*u(i, 3)*w(i)
    else if (u(i, 3) > 0.4d0) then
      u(i, 3) = sin(u(i, 3))
    else
      u(i, 3) = -u(i, 3)**3
    end if
    cost = cost + u(i, 3)
  end do
end subroutine limiter
