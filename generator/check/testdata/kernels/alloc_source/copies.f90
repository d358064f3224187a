! ALLOCATE with SOURCE= and MOLD= of active values, as F2003 models copy
! their state: the old time level `allocate(uold, source=u)` (bounds
! from u), a nonlinear source whose variables the code then overwrites
! (`allocate(g(0:n-1), source=c*u**2)`, then u and c change), a scalar
! source broadcast into a component (`allocate(s%h(n), source=...)`,
! subscripted by the loop's DO variable),
! and a scratch array `allocate(tmp, mold=u)` filled afterwards; in a
! time loop, each freed at the end of its step.
module copies
  implicit none
  type state
    real(8), allocatable :: h(:)
  end type
contains
  subroutine advect(u, c, n, e)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n), c
    real(8), intent(out) :: e
    real(8), allocatable :: uold(:), g(:), tmp(:)
    type(state) :: s
    integer :: k, i
    e = 0
    do k = 1, 2
      allocate(uold, source=u)
      allocate(g(0:n-1), source=c*u**2)
      u = 0.5d0*u
      c = c*1.1d0
      allocate(s%h(n), source=sin(c)*uold(k))
      allocate(tmp, mold=u)
      do i = 2, n
        tmp(i) = uold(i) - 0.2d0*(g(i-1) - g(i-2))
      end do
      tmp(1) = uold(1)
      u = u + 0.5d0*tmp*s%h
      e = e + sum(g*uold)
      deallocate(uold, g, tmp, s%h)
    end do
  end subroutine
end module
