! A time loop with bounds and stride from the arguments, under strategy
! recompute, followed by a second loop that reads the state: the first
! loop is checkpointed (binomial, 2 snapshots), the DO variable's final
! value is used after it.
subroutine steps(n, t0, t1, dt, x, c, j)
  implicit none
  integer, intent(in) :: n, t0, t1, dt
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: j
  real(8) :: y(n), w
  integer :: i, t
  do t = t0, t1, dt
    w = c*t
    do i = 1, n
      y(i) = sin(x(i))*w
    end do
    do i = 2, n
      x(i) = x(i) + 0.1d0*y(i-1)*x(i)
    end do
    x(1) = x(1) + 0.1d0*y(n)
  end do
  j = t
  do i = 1, n
    j = j + x(i)**2
  end do
end subroutine steps
