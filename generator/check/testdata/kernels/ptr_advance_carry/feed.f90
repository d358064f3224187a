module conveyor
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  ! A conveyor of parcels: each step mixes the two parcels at its head,
  ! and every other step moves the head on by advancing the pointer
  ! through its own target; the head carries over from step to step.
  subroutine convey(n, nt, rate, q, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: rate
    real(wp), target, intent(inout) :: q(n)
    real(wp), intent(out) :: cost
    real(wp), pointer :: head(:)
    real(wp) :: flux
    integer :: it, h
    head => q
    do it = 1, nt
      h = lbound(head, 1)
      flux = rate*head(h)*(head(h) - head(h+1))
      head(h) = head(h) - flux
      head(h+1) = head(h+1) + flux
      if (size(head) > 2 .and. mod(it, 2) == 0) head => head(2:)
      head(1) = head(1)*(1.0_wp + 0.05_wp*head(lbound(head, 1)))
    end do
    cost = sum(q**2) + head(size(head))**2
  end subroutine convey
end module conveyor
