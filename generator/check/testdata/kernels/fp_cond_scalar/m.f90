subroutine solve(p, x)
  implicit none
  real(8), intent(in) :: p
  real(8), intent(out) :: x
  real(8) :: r, y
  integer :: it
  x = 1
  y = 0
  it = 0
  r = 1
  fp: do while (abs(r) > 1.0d-14 .and. it < 100)
    r = x - 0.5d0*cos(x*p)
    if (abs(r) > 1.0d-15) then
      x = 0.5d0*cos(x*p)
    end if
    y = y + 0.1d0*x
    it = it + 1
  end do fp
end subroutine
