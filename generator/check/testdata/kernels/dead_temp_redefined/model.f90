! Column saturation: a temperature temporary assigned twice per level,
! the second time from itself (a nonlinear correction) and then only read
! linearly. In the callee's adjoint the correction is dead (nothing its
! backward sweep reads depends on its value), but its own adjoint reads
! the temporary's old value, which the next level's first assignment
! overwrites: the assignment and its record must stay.
module saturation
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine vapour(n, t, q)
    integer, intent(in) :: n
    real(dp), intent(in) :: t(n)
    real(dp), intent(out) :: q(n)
    real(dp) :: tc
    integer :: k
    do k = 1, n
      tc = t(k) - 0.5_dp
      tc = tc*(1 + 0.3_dp*tc)
      q(k) = 0.622_dp*tc
    end do
  end subroutine

  subroutine column(n, t, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: t(n)
    real(dp), intent(out) :: cost
    real(dp) :: q(n)
    call vapour(n, t, q)
    cost = sum(q**2)
  end subroutine
end module
