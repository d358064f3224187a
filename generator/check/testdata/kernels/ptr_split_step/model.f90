module ocean2
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type state_t
     real(dp), allocatable :: t(:), s(:)
  end type
contains
  subroutine mix(n, a, b, k)
    integer, intent(in) :: n
    real(dp), intent(inout) :: a(n)
    real(dp), intent(in) :: b(n), k
    integer :: i
    do i = 2, n - 1
      a(i) = a(i) + k*(b(i+1) - 2*b(i) + b(i-1)) - 0.01_dp*a(i)**2
    end do
  end subroutine
  subroutine step(st, n, dt)
    type(state_t), intent(inout), target :: st
    integer, intent(in) :: n
    real(dp), intent(in) :: dt
    real(dp), pointer :: t(:), s(:)
    t => st%t
    s => st%s
    call mix(n, t, s, 0.1_dp*dt)
    call mix(n, s, t, 0.2_dp*dt)
  end subroutine
  subroutine run(n, x, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    type(state_t), target :: st
    integer :: it
    allocate(st%t(n), st%s(n))
    st%t = x
    st%s = 1 + 0.5_dp*x
    do it = 1, 5
      call step(st, n, 1.0_dp)
    end do
    cost = sum(st%t**2) + sum(st%s)
  end subroutine
end module
