! A driver whose dummy u hides the module state u its callees use, and
! which reads that state itself through a renamed USE (w => u): each
! step a procedure without a derivative version (resize: it only sets
! u to ones) reallocates and resets the module's u, then callees update
! it from the dummy. The adjoint zeroes the module's u_b after resize
! under the renamed name (w_b), the tangent reaches u_d alike.
module state
  implicit none
  real(8), allocatable :: u(:)
contains
  subroutine resize(n)
    integer, intent(in) :: n
    if (allocated(u)) deallocate(u)
    allocate(u(n))
    u = 1
  end subroutine
  subroutine push(x, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    u = u*x
  end subroutine
  subroutine update(n)
    integer, intent(in) :: n
    integer :: i
    do i = 2, n
      u(i) = u(i) + 0.1d0*u(i-1)**2
    end do
  end subroutine
  subroutine pull(v, n)
    integer, intent(in) :: n
    real(8), intent(out) :: v
    v = sum(u(1:n)**2)
  end subroutine
end module

module driver
  implicit none
contains
  subroutine step(u, n, nt, cost)
    use state, only: resize, push, update, pull, w => u
    integer, intent(in) :: n, nt
    real(8), intent(in) :: u(n)
    real(8), intent(out) :: cost
    real(8) :: c
    integer :: it
    cost = 0
    do it = 1, nt
      call resize(n)
      call push(u, n)
      call update(n)
      call pull(c, n)
      c = c + 0.5d0*w(n)
      cost = cost + c
    end do
  end subroutine
end module

subroutine model(x, n, nt, cost)
  use driver
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  call step(x, n, nt, cost)
end subroutine
