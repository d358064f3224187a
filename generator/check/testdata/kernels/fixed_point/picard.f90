! A fixed-point iteration x = g(x, p) in a named DO WHILE loop, marked
! fixed_point in the spec (Christianson's adjoint when fadj has it).
subroutine picard(p, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n)
  real(8), intent(out) :: x(n)
  real(8) :: xnew(n), err
  integer :: it
  x = 0
  err = 1
  it = 0
  relax: do while (err > 1.0d-14 .and. it < 200)
    xnew = 0.5d0*cos(x) + 0.25d0*p + 0.1d0*sum(x)/n
    err = maxval(abs(xnew - x))
    x = xnew
    it = it + 1
  end do relax
end subroutine
