! The check point: a smooth tracer, set by an external routine whose
! allocatable dummy needs the explicit interface fadj check writes.
subroutine adv_point(q, c, nt, cost)
  real(8), allocatable, intent(inout) :: q(:)
  real(8), intent(inout) :: c, cost
  integer, intent(in) :: nt
  integer :: i
  do i = lbound(q, 1), ubound(q, 1)
    q(i) = 1.0d0 + 0.05d0 * i
  end do
  c = 0.2d0
end subroutine adv_point
