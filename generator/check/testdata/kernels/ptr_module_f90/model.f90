module fields
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: nx
  real(dp), pointer :: h(:), hu(:)
  real(dp), dimension(:), pointer :: work => null()
end module
module dyn
  use fields
  implicit none
contains
  subroutine init(n, x)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    nx = n
    allocate(h(0:n+1), hu(0:n+1))
    if (.not. associated(work)) allocate(work(n))
    h = 1; hu = 0
    h(1:n) = 1 + 0.1_dp*x
  end subroutine
  subroutine step(dt)
    real(dp), intent(in) :: dt
    integer :: i
    h(0) = h(nx); h(nx+1) = h(1)
    hu(0) = hu(nx); hu(nx+1) = hu(1)
    do i = 1, nx
      work(i) = hu(i) - 0.5_dp*dt*(h(i+1)**2 - h(i-1)**2)
    end do
    do i = 1, nx
      h(i) = h(i) - 0.5_dp*dt*(hu(i+1) - hu(i-1))
    end do
    hu(1:nx) = work
  end subroutine
  subroutine finish()
    deallocate(h, hu)
  end subroutine
  subroutine run(n, x, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    integer :: it
    call init(n, x)
    do it = 1, 8
      call step(0.1_dp)
    end do
    cost = sum(h(1:n)**2) + sum(hu(1:n))
    call finish()
  end subroutine
end module
