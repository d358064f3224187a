! Periodic and one-sided stencils written with array constructors, as
! explicit models write them; fadj computes each in segments, and takes
! the statement as written where the segments' order does not hold
! (lap on a grid of one point).
module stencil
  implicit none
  real(8), allocatable :: g(:)
contains
  ! The periodic Laplacian of k points: in segments for k >= 2.
  subroutine lap(k, v, w)
    integer, intent(in) :: k
    real(8), intent(in) :: v(k)
    real(8), intent(out) :: w(k)
    w = [v(k), v(1:k-1)] - 2*v + sin([v(2:k), v(1)])
  end subroutine lap

  subroutine relax(n, nt, u, nu, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: nu
    real(8), intent(out) :: cost
    real(8) :: f(n), h(0:n), d(n), e(1)
    integer :: it
    cost = 0
    if (allocated(g)) deallocate(g)
    steps: do it = 1, nt
      ! the periodic Laplacian of the whole grid
      f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
      u = u + f - 0.1d0*u**3
      ! through a callee: a grid of one point runs it as written
      call lap(n, u, f)
      call lap(1, u(n:n), e)
      cost = cost + sum(f**2) + e(1)**2
      ! a halo with lower bound 0, an elemental intrinsic
      h(0:n) = [u(n), u(1:n)]
      d = abs([h(2:n), h(0)] - h(1:n)) + 0.5d0*h(1:n)
      ! periodic shifts by constants
      f = cshift(u, 1)*u - 0.5d0*cshift(u, -2)
      cost = cost + sum(f*d)
      ! an ALLOCATABLE result: allocated by the first step as written,
      ! then in segments while its size holds
      g = [u(2:n), u(1)]*u + max([0d0, d(1:n-1)], 0.25d0)
      cost = cost + sum(g*u) + sum(d**2)
    end do steps
  end subroutine relax
end module stencil
