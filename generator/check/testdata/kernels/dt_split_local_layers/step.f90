! A step with a scratch ALLOCATABLE array of layers, each with an
! ALLOCATABLE profile, left allocated at its return.
module splitlay
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type layer_t
    real(wp), allocatable :: t(:)
  end type
contains
  subroutine step(n, u)
    integer, intent(in) :: n
    real(wp), intent(inout) :: u(n)
    type(layer_t), allocatable :: tmp(:)
    integer :: k
    allocate(tmp(2))
    do k = 1, 2
      allocate(tmp(k)%t(n))
      tmp(k)%t = u*k
    end do
    u = u + 0.1_wp*tmp(1)%t + 0.2_wp*tmp(2)%t
  end subroutine
  subroutine run(n, x, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    real(wp) :: u(n)
    integer :: it
    u = x
    do it = 1, 3
      call step(n, u)
      u = sin(u)
    end do
    cost = sum(u**2)
  end subroutine
end module
