! Particles as a modern code moves them: structure constructors with
! expression components (nested constructors, a constructor reading the
! variable it is assigned to), assignments between elements of one
! array (aliased at run time, overlapping sections, a scalar broadcast
! to an array) and MERGE choosing between two derived-type values.
module shapes
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type vec
    real(dp) :: x, y
  end type
  type particle
    type(vec) :: pos, vel
    real(dp) :: mass
    integer :: id
  end type
end module

subroutine run(x, n, cost)
  use shapes
  implicit none
  integer, intent(in) :: n
  real(dp), intent(in) :: x(n)
  real(dp), intent(out) :: cost
  type(particle) :: p(3), q, r(4)
  type(vec) :: v
  integer :: i, j
  do i = 1, 3
    p(i) = particle(vec(x(i), 2.0_dp*x(i+1)), vec(sin(x(i)), x(i)*x(i+2)), 1.0_dp + x(i)**2, i)
  end do
  p(1) = p(3)
  do i = 1, 3
    j = 4 - i
    p(j) = p(i)
    p(j)%mass = p(j)%mass*p(i)%vel%x
  end do
  p(1:2) = p(2:3)
  r = p(2)
  r(2:3) = p(1:2)
  p(2)%pos = p(1)%vel
  q = particle(p(1)%vel, p(2)%pos, p(3)%mass*2.0_dp, 7)
  v = vec(q%mass*p(2)%pos%x, exp(p(1)%vel%y))
  do i = 1, 3
    q = merge(p(i), q, p(i)%mass > q%mass)
    p(i)%pos = merge(vec(p(i)%pos%x*x(1), 1.0_dp), p(i)%vel, i /= 2)
  end do
  v = merge(v, vec(v%y, v%x*x(2)), x(3) > 0.5_dp)
  cost = v%x + v%y*q%pos%y + p(1)%mass*p(2)%pos%x + sum(r%mass*r%vel%y)
end subroutine
