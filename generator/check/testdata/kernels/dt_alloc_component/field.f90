! A derived type with an allocatable real component, active: the
! shadow's component is allocated with the primal's (alloc_comp.go).
module fields
  implicit none
  type field
    real(8), allocatable :: v(:)
    real(8), allocatable :: w
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
  f%w = sum(x)
  f%w = f%w*x(1)
  r = r + f%w**2
  deallocate(f%v)
end subroutine
