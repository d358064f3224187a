! Functions returning ALLOCATABLE arrays, as modern F90 libraries write
! them: a result allocated with lower bound 0 and the argument's size, a
! result allocated by a whole assignment (of another size than the
! argument: the interior), one calling another; referenced as a whole
! right side updating the argument (u = step(u)), with a keyword
! argument, into an allocatable local, under sum and nested.
module fields
  implicit none
contains
  function step(u, nu) result(r)
    real(8), intent(in) :: u(:)
    real(8), intent(in) :: nu
    real(8), allocatable :: r(:)
    integer :: i, n
    n = size(u)
    allocate(r(0:n-1))
    r(0) = u(1)
    r(n-1) = u(n)
    do i = 2, n - 1
      r(i-1) = u(i) + nu*(u(i-1) - 2d0*u(i) + u(i+1))*u(i)
    end do
  end function

  function interior(u) result(g)
    real(8), intent(in) :: u(:)
    real(8), allocatable :: g(:)
    g = u(2:size(u)-1)**2 + sin(u(1:size(u)-2))
  end function

  function smoothed(u) result(s)
    real(8), intent(in) :: u(:)
    real(8), allocatable :: s(:)
    s = 0.5d0*step(u, 0.2d0) + 0.5d0*u
  end function

  subroutine advance(u, n, e)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: e
    real(8), allocatable :: w(:)
    integer :: k
    do k = 1, 3
      u = step(u, nu=0.1d0)
    end do
    w = smoothed(u)
    e = sum(interior(u)) + 0.5d0*sum(step(interior(w), 0.1d0)*u(2:n-1))
  end subroutine
end module
