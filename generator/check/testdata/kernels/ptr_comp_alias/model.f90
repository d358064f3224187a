! A shallow-water-like step written as modern models write it: local
! pointers name the components of the state (h => s%h, u => s%u) and a
! section of a dummy (inner => q(2:n-1)), and the step writes the state
! through them only. Its callers' snapshots must hold what it writes
! (the state was left out: its adjoint was wrong).
module sw_model
  implicit none
  type state_t
    real(8), allocatable :: h(:), u(:)
  end type state_t
contains
  subroutine step(s, q, dt)
    type(state_t), target, intent(inout) :: s
    real(8), target, intent(inout) :: q(:)
    real(8), intent(in) :: dt
    real(8), pointer :: h(:), u(:), inner(:)
    integer :: i, n
    h => s%h
    u => s%u
    n = size(h)
    do i = 2, n
      h(i) = h(i) - dt*(u(i)*h(i) - u(i-1)*h(i-1))
    end do
    u = u + dt*0.1d0*h
    inner => q(2:n-1)
    inner = inner + dt*h(2:n-1)**2
  end subroutine step

  subroutine run(n, h0, u0, q, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: h0(n), u0(n)
    real(8), intent(inout) :: q(n)
    real(8), intent(out) :: cost
    type(state_t), target :: s
    integer :: k
    allocate (s%h(n), s%u(n))
    s%h = h0
    s%u = u0
    do k = 1, 4
      call step(s, q, 0.1d0)
    end do
    cost = sum(s%h**2) + sum(s%u) + sum(q**2)
  end subroutine run
end module sw_model
