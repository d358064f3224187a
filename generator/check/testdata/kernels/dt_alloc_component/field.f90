! A derived type with an allocatable real component, active: not
! supported yet (the shadow would need allocating with the primal).
module fields
  implicit none
  type field
    real(8), allocatable :: v(:)
    real(8) :: scale
  end type
end module

subroutine norm(x, n, r)
  use fields
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: r
  type(field) :: f
  allocate(f%v(n))
  f%v = x
  f%scale = 2.0d0
  r = f%scale*sum(f%v**2)
  deallocate(f%v)
end subroutine
