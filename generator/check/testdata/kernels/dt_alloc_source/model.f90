! A model state with ALLOCATABLE components, allocated by init, stepped
! in a time loop by a routine taking the state intent(inout) that
! allocates its work field as a copy of another component
! (allocate(s%work, source=s%h)) and frees it; a module array of layers
! whose ALLOCATABLE component has a different size per element.
module shallow
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type params
    real(dp) :: g, drag
  end type
  type state
    real(dp), allocatable :: h(:)
    real(dp), allocatable :: q(:)
    real(dp), allocatable :: work(:)
    type(params) :: p
    real(dp) :: mass
    integer :: n
  end type
  type layer
    real(dp), allocatable :: temp(:)
    real(dp) :: depth
  end type
  type(layer) :: layers(3)
contains
  subroutine melt(ls, heat)
    type(layer), intent(inout) :: ls(:)
    real(dp), intent(in) :: heat
    integer :: j, k
    do j = 1, size(ls)
      do k = 2, size(ls(j)%temp)
        ls(j)%temp(k) = ls(j)%temp(k) + heat*ls(j)%temp(k-1)*ls(j)%depth
      end do
      ls(j)%depth = ls(j)%depth - 0.1_dp*sum(ls(j)%temp)
    end do
  end subroutine

  subroutine init(s, h0, n)
    type(state), intent(inout) :: s
    integer, intent(in) :: n
    real(dp), intent(in) :: h0(n)
    s%n = n
    allocate(s%h(n), s%q(0:n))
    s%h = h0
    s%q = 0.0_dp
    s%mass = 0.0_dp
    s%p%g = 9.81_dp
    s%p%drag = 0.05_dp
  end subroutine

  subroutine step(s, dt)
    type(state), intent(inout) :: s
    real(dp), intent(in) :: dt
    integer :: i
    allocate(s%work, source=s%h)
    do i = 1, s%n - 1
      s%q(i) = s%q(i) - dt*s%p%g*(s%h(i+1) - s%h(i)) - dt*s%p%drag*s%q(i)*abs(s%q(i))
    end do
    do i = 1, s%n
      s%work(i) = s%h(i) - dt*(s%q(i) - s%q(i-1))
    end do
    s%h = s%work
    s%mass = s%mass + sum(s%h**2)
    deallocate(s%work)
  end subroutine

  subroutine finish(s)
    type(state), intent(inout) :: s
    deallocate(s%h, s%q)
  end subroutine
end module

subroutine run(h0, n, g, cost)
  use shallow
  implicit none
  integer, intent(in) :: n
  real(dp), intent(in) :: h0(n), g
  real(dp), intent(out) :: cost
  type(state) :: s
  integer :: it, j
  call init(s, h0, n)
  do j = 1, 3
    allocate(layers(j)%temp(j + 1))
    layers(j)%temp = h0(j)
    layers(j)%depth = 1.0_dp
  end do
  s%p%g = g
  do it = 1, 4
    call step(s, 0.05_dp)
    call melt(layers, s%h(1))
  end do
  cost = s%mass + s%h(2)*s%q(1) + layers(2)%temp(3)*layers(3)%depth
  call finish(s)
  do j = 1, 3
    deallocate(layers(j)%temp)
  end do
end subroutine
