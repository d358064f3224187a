! Kind parameters by name, as models declare them: a kinds module, a
! function whose result has a named kind, locals and dummies of kind wp.
! The derivatives are declared with the same names (real(wp)), not with
! their values.
module kinds
  implicit none
  integer, parameter :: wp = selected_real_kind(15, 300)
end module kinds

module wave
  use kinds, only: wp
  implicit none
contains
  real(wp) function energy(u, n)
    integer, intent(in) :: n
    real(wp), intent(in) :: u(n)
    energy = 0.5_wp*sum(u**2)
  end function energy

  subroutine leapfrog(u, n, nsteps, e)
    integer, intent(in) :: n, nsteps
    real(wp), intent(inout) :: u(n)
    real(wp), intent(out) :: e
    real(wp) :: uold(n), unew(n)
    real(kind=wp) :: c
    integer :: i, it
    c = 0.3_wp
    uold = u
    do it = 1, nsteps
      do i = 2, n - 1
        unew(i) = 2*u(i) - uold(i) + c*(u(i+1) - 2*u(i) + u(i-1))
      end do
      unew(1) = 0.0_wp
      unew(n) = 0.0_wp
      uold = u
      u = unew
    end do
    e = energy(u, n)
  end subroutine leapfrog
end module wave
