! Upwind advection of a tracer with one halo cell on each side: the
! tracer is an ALLOCATABLE dummy whose bounds (0:n+1) the routine takes
! from the array, and the work array an allocatable local sized like it.
module adv
  implicit none
contains
  subroutine advect(q, c, nt, cost)
    real(8), allocatable, intent(inout) :: q(:)
    real(8), intent(in) :: c
    integer, intent(in) :: nt
    real(8), intent(out) :: cost
    real(8), allocatable :: flux(:)
    integer :: i, it, lo, hi
    lo = lbound(q, 1)
    hi = ubound(q, 1)
    allocate(flux(lo:hi))
    do it = 1, nt
      q(lo) = q(hi - 1)
      q(hi) = q(lo + 1)
      do i = lo + 1, hi
        flux(i) = c * q(i - 1) * abs(q(i - 1))
      end do
      do i = lo + 1, hi - 1
        q(i) = q(i) - (flux(i + 1) - flux(i))
      end do
    end do
    cost = sum(q(lo + 1:hi - 1)**2)
  end subroutine advect
end module adv
