! A model whose cells are an ALLOCATABLE array of a derived type, sized
! at run time, with ALLOCATABLE derived-type scalars for diagnostics and
! a module history array of a derived type.
module cells
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type cell
    real(dp) :: h, q
    real(dp) :: f(2)
    integer :: id
  end type
  type diag
    real(dp) :: mass, energy
  end type
  type(diag), allocatable :: hist(:)
contains
  subroutine step(c, n, dt)
    integer, intent(in) :: n
    type(cell), intent(inout) :: c(n)
    real(dp), intent(in) :: dt
    integer :: i
    do i = 2, n
      c(i)%q = c(i)%q + dt*(c(i-1)%h - c(i)%h)
      c(i)%f(1) = c(i)%q*c(i)%h
    end do
    do i = 1, n - 1
      c(i)%h = c(i)%h - dt*(c(i+1)%q - c(i)%q)*c(i)%h + dt*c(i+1)%f(1)
    end do
  end subroutine

  ! Relaxes towards the previous state; the cells are an allocatable
  ! dummy, reallocated when the sizes differ.
  subroutine relax(c, old, w)
    type(cell), allocatable, intent(inout) :: c(:)
    type(cell), intent(in) :: old(:)
    real(dp), intent(in) :: w
    integer :: i
    if (size(c) /= size(old)) then
      deallocate(c)
      allocate(c(size(old)))
      c = old
    end if
    do i = 1, size(c)
      c(i)%h = (1.0_dp - w)*c(i)%h + w*old(i)%h**2
      c(i)%f(2) = c(i)%f(2) + c(i)%h
    end do
  end subroutine
end module

subroutine run(x, n, cost)
  use cells
  implicit none
  integer, intent(in) :: n
  real(dp), intent(in) :: x(n)
  real(dp), intent(out) :: cost
  type(cell), allocatable :: cs(:), old(:), small(:)
  type(diag), allocatable :: d, tmp, last
  integer :: it, i
  allocate(cs(n))
  do i = 1, n
    cs(i)%h = x(i)
    cs(i)%q = 0.0_dp
    cs(i)%f = 0.0_dp
    cs(i)%id = i
  end do
  allocate(small(2))
  small(1)%h = x(1)*x(2)
  small(2)%h = x(2)
  small%q = 1.0_dp
  small%f(2) = x(3)
  allocate(d, hist(3))
  d%mass = 0.0_dp
  d%energy = 0.0_dp
  do it = 1, 3
    old = cs
    call step(cs, n, 0.1_dp)
    call relax(cs, old, 0.3_dp)
    if (it == 2) call relax(small, cs, 0.5_dp)
    allocate(tmp)
    tmp%mass = sum(cs%h)
    tmp%energy = sum(cs%q**2) + cs(n)%f(2)
    d%mass = d%mass + tmp%mass*tmp%energy
    d%energy = d%energy + tmp%energy
    hist(it) = tmp
    last = merge(tmp, d, it /= 2)
    deallocate(tmp)
  end do
  cost = d%mass*d%energy + cs(2)%h + hist(2)%mass*hist(3)%energy + small(3)%h*small(1)%f(2) + last%energy*last%mass
  deallocate(cs, old, small)
  deallocate(d, hist, last)
end subroutine
