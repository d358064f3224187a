! FORALL on arrays of a derived type, as F95 particle and column codes
! write it: components updated in place (p(k)%m = p(k)%m*...), one
! component from another of the same element (p(k)%v(1) from p(k)%v(2)),
! a component from the neighbour's (the old p(k-1)%m), a whole other
! component in a right side (sum(p%v(2))), in a routine called jointly in
! a time loop; a smoothing FORALL of a plain array in another callee.
module parts
  implicit none
  type particle
    real(8) :: m, v(2)
  end type
contains
  subroutine relax(n, p, x)
    integer, intent(in) :: n
    type(particle), intent(inout) :: p(n)
    real(8), intent(in) :: x(n)
    integer :: k
    forall (k = 1:n) p(k)%m = p(k)%m*(1 + 0.1d0*x(k)**2)
    forall (k = 1:n) p(k)%v(1) = p(k)%v(2)*0.5d0 + p(k)%m + 0.01d0*sum(p%v(2))
    forall (k = 2:n, p(k)%m > -5) p(k)%m = p(k-1)%m*0.3d0 + p(k)%v(1)
  end subroutine

  subroutine smooth(n, y, p)
    integer, intent(in) :: n
    real(8), intent(inout) :: y(n)
    type(particle), intent(in) :: p(n)
    integer :: k
    forall (k = 2:n-1) y(k) = (y(k-1) + y(k) + y(k+1))/3 + 0.1d0*p(k)%m*y(k)
  end subroutine

  subroutine model(n, x, y, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(inout) :: y(n)
    real(8), intent(out) :: cost
    type(particle) :: p(n)
    integer :: k, it
    do k = 1, n
      p(k)%m = y(k)
      p(k)%v = [x(k), y(k)]
    end do
    do it = 1, 3
      call relax(n, p, x)
      call smooth(n, y, p)
    end do
    cost = sum(p%m) + sum(p%v(1)**2) + sum(y**2)
  end subroutine
end module
