! A centred tendency that sets its boundary values first (`dq(n) = 0`,
! n = size(q) a local), called with calls: split. foo_bwd zeroes the
! adjoint of the element again (dq_b(n) = 0) but foo_fwd did not leave it
! n: the TBR analysis took no subscript of a passive assignment to an
! active variable, and the backward sweep read an undefined index (a
! memory corruption, "free(): invalid pointer", in a larger model).
module tend
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine centred_tend(q, dq)
    real(wp), intent(in) :: q(:)
    real(wp), intent(out) :: dq(:)
    integer :: i, n
    n = size(q)
    dq(1) = 0
    dq(n) = 0
    do i = 2, n - 1
      dq(i) = -(q(i+1)**2 - q(i-1)**2)*0.25_wp
    end do
  end subroutine

  subroutine run(n, q, cost)
    integer, intent(in) :: n
    real(wp), intent(inout) :: q(n)
    real(wp), intent(out) :: cost
    real(wp) :: dq(n)
    integer :: it
    do it = 1, 3
      call centred_tend(q, dq)
      q = q + 0.05_wp*dq
    end do
    cost = sum(q**2)
  end subroutine
end module
