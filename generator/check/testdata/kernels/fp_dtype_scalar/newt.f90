! (fp_dtype_scalar) Newton iterations on a derived-type state whose real
! scalar component s%c is a parameter of the loop (never assigned in it)
! and read after it: its adjoint is kept, not iterated nor zeroed (the
! adjoint of c0 was zero before).
module newt_mod
  type cubic_t
    real(8) :: x(5)
    real(8) :: c
  end type
end module

subroutine newt_run(q, c0, j)
  use newt_mod
  implicit none
  real(8), intent(in) :: q(5), c0
  real(8), intent(out) :: j
  type(cubic_t) :: s
  real(8) :: dx(5), err
  integer :: it
  s%c = c0
  s%x = 1
  newton: do it = 1, 50
    dx = (s%x**3 + s%c*s%x - q)/(3*s%x**2 + s%c)
    s%x = s%x - dx
    err = maxval(abs(dx))
    if (err < 1.0d-15) exit newton
  end do newton
  j = sum(s%x**2) + s%c**2*sum(q)
end subroutine
