! Keyword arguments in calls and references of differentiated routines,
! in any order, mixed with positional ones.
module physics
  implicit none
contains
  subroutine step(dt, u, rate, unew)
    real(8), intent(in) :: dt, rate
    real(8), intent(in) :: u(:)
    real(8), intent(out) :: unew(:)
    unew = u + dt*rate*sin(u)
  end subroutine step

  real(8) function energy(u, weight)
    real(8), intent(in) :: u(:)
    real(8), intent(in) :: weight
    energy = weight*sum(u**2)
  end function energy
end module physics

subroutine run(n, u0, k, e)
  use physics
  integer, intent(in) :: n
  real(8), intent(in) :: u0(n), k
  real(8), intent(out) :: e
  real(8) :: u(n), v(n), w
  integer :: it
  u = u0
  e = 0
  do it = 1, 3
    call step(unew=v, u=u, dt=0.1d0, rate=k)
    call step(0.1d0, rate=k, unew=u, u=v)
    w = 1d0 + k
    e = e + energy(weight=w, u=u)
  end do
end subroutine run
