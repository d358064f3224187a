! A parallel loop with a branch that overwrites x(i) in one of its arms:
! the backward loop evaluates the condition again from t, which the
! forward loop stores at the end of each iteration; the old value of
! x(i), recorded in that arm only, goes to an array indexed by i instead
! of the tape (an element of an iteration that took the other arm is
! neither written nor read). In the second loop the condition reads
! what the branch overwrites: the branch taken is stored too (an array of
! bits indexed by i), and the forward loop stays parallel.
subroutine branch(n, x, y, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(out) :: y(n), z(n)
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
  !$omp parallel do
  do i = 1, n
    if (x(i) > 0.2d0) then
      x(i) = sin(x(i))
      z(i) = x(i) * 2.0d0
    else
      z(i) = x(i) * x(i)
    end if
  end do
  !$omp end parallel do
end subroutine branch
