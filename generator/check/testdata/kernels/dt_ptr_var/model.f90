! Double-buffered model states held through POINTER variables of a
! derived type: cur and nxt point at two TARGET states and are swapped
! after each step of the time loop; a third reads the result, a fourth
! is allocated to hold their average.
module buffers
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 5
  type state
    real(dp) :: u(nx)
    real(dp) :: e
  end type
contains
  subroutine advance(a, b, k)
    type(state), intent(in) :: a
    type(state), intent(inout) :: b
    real(dp), intent(in) :: k
    integer :: i
    b%u(1) = a%u(1)
    b%u(nx) = a%u(nx)
    do i = 2, nx - 1
      b%u(i) = a%u(i) + k*(a%u(i+1) - 2*a%u(i) + a%u(i-1))*a%u(i)
    end do
    b%e = a%e + sum(b%u**2)
  end subroutine
end module

subroutine run(x, k, cost)
  use buffers
  implicit none
  real(dp), intent(in) :: x(nx), k
  real(dp), intent(out) :: cost
  type(state), target :: s1, s2
  type(state), pointer :: cur, nxt, tmp, avg
  integer :: it
  s1%u = x
  s1%e = 0.0_dp
  s2%u = 0.0_dp
  s2%e = 0.0_dp
  cur => s1
  nxt => s2
  do it = 1, 4
    call advance(cur, nxt, k)
    if (mod(it, 2) == 1) then
      cur => s2
      nxt => s1
    else
      cur => s1
      nxt => s2
    end if
  end do
  allocate(avg)
  avg%u = 0.5_dp*(cur%u + nxt%u)
  avg%e = sum(avg%u**3)
  tmp => nxt
  cost = cur%e + cur%u(2)*tmp%u(3)
  cost = cost + avg%e*k
  nullify(tmp)
  deallocate(avg)
end subroutine
