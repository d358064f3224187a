! Observations and weights set from implied DOs of constants into
! components of an active derived-type state (`s%obs(1:n) =
! [(0.1_dp*i, i = 1, n)]`), and an active constructor ending with a
! passive implied DO: the implied DOs add nothing to the adjoint (they
! were rejected: "implied DO in an active array constructor in reverse
! mode").
module obs_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: state_t
    real(dp) :: u(10) = 0
    real(dp) :: obs(10) = 0
    real(dp) :: w(10) = 1
  end type
contains
  subroutine run(x, n, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(state_t) :: s
    real(dp) :: v(n+2)
    integer :: i
    s%u(1:n) = x
    s%obs(1:n) = [(0.1_dp*i, i = 1, n)]
    s%w(1:n) = [1.0_dp, (0.5_dp + 0.01_dp*i, i = 2, n)]
    v = [x(1), x**2, (2.0_dp, i = 1, 1)]
    do i = 1, n
      s%u(i) = s%u(i)*sin(s%u(i)) + s%obs(i)
    end do
    cost = sum(s%w(1:n)*(s%u(1:n) - s%obs(1:n))**2) + sum(v**2)
  end subroutine
end module obs_mod
