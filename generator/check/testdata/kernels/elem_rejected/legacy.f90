! Elemental references reverse mode rejected before: an external
! elemental function applied to an array (its adjoint is IMPURE ELEMENTAL
! too, with an interface block in each adjoint calling it), and an
! elemental subroutine called with an array and an active scalar (the
! scalar's adjoint sums the elements').
elemental real(8) function phi(x)
  real(8), intent(in) :: x
  phi = x*x
end function phi

module scaling
  implicit none
contains
  elemental subroutine scale(x, c)
    real(8), intent(inout) :: x
    real(8), intent(in) :: c
    x = c*x*x
  end subroutine scale

  subroutine run(n, x, c, y)
    integer, intent(in) :: n
    real(8), intent(inout) :: x(n)
    real(8), intent(in) :: c
    real(8), intent(out) :: y(n)
    interface
      elemental real(8) function phi(x)
        real(8), intent(in) :: x
      end function phi
    end interface
    call scale(x, c)
    y = phi(x)
  end subroutine run
end module scaling
