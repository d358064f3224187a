! A parallel loop with a branch that overwrites x(i) in one of its arms:
! the backward loop evaluates the condition again from t, which the
! forward loop stores at the end of each iteration; the old value of
! x(i), recorded in that arm only, goes to an array indexed by i instead
! of the tape (an element of an iteration that took the other arm is
! neither written nor read).
subroutine branch(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i
  real(8) :: t
  !$omp parallel do private(t)
  do i = 1, n
    t = x(i)
    if (t > 0.3d0) then
      x(i) = sin(t)
      y(i) = x(i) * t
    else
      y(i) = t * t
    end if
  end do
  !$omp end parallel do
end subroutine branch
