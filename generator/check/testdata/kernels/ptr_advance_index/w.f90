module idxwalk
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine gather(n, m, nt, idx, x, y)
    integer, intent(in) :: n, m, nt
    integer, target, intent(in) :: idx(m)
    real(wp), intent(inout) :: x(n)
    real(wp), intent(out) :: y
    integer, pointer :: q(:)
    integer :: it
    y = 0
    q => idx
    do it = 1, nt
      x(q(1)) = x(q(1)) + 0.1_wp*x(q(1))**2
      if (size(q) > 1) q => q(2:)
    end do
    y = sum(x**2)
  end subroutine gather
end module idxwalk
