! (where_alloc) WHERE constructs and statements assigning a whole
! ALLOCATABLE local: a masked assignment does not reallocate, so the
! tangent needs no realignment under the mask (rejected before in tangent
! mode: "active WHERE whose tangent needs a IFCONSTRUCT statement").
subroutine clip(x, n, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = sin(3*x)
  where (w < 0)
    w = 0.5d0*w
  elsewhere
    w = w**2
  end where
  where (w > 0.5d0) w = 0.5d0
  y = sum(w*x)
end subroutine
