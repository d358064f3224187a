! A type-bound model: the parameters are a derived type with a
! procedure bound to it, passed as CLASS(params_t) (the passed-object
! dummy; an extension of the type overrides nothing), with the drag
! coefficients a component array the spec differentiates by a section.
module drag_model
  implicit none
  type params_t
    real(8) :: drag(8)
    real(8) :: rho
  contains
    procedure :: force
  end type params_t
  type, extends(params_t) :: p2_t
    real(8) :: extra
  end type p2_t
contains
  subroutine force(p, v, n, f)
    class(params_t), intent(in) :: p
    integer, intent(in) :: n
    real(8), intent(in) :: v(n)
    real(8), intent(out) :: f
    integer :: i
    f = 0.0d0
    do i = 1, n
      f = f + 0.5d0 * p%rho * p%drag(i) * v(i) * abs(v(i))
    end do
  end subroutine force
end module drag_model
