! The double buffer of a time-stepping model kept in a module: pointers
! cur and nxt to two module TARGET arrays, swapped after each step by
! the step routine (through a local pointer), read by the target after
! the loop and by relax, which writes through nxt what the target read
! as a; module pointer statements in a loop of the target, NULLIFY.
module buffers
  implicit none
  integer, parameter :: nmax = 16
  real(8), target :: a(nmax), b(nmax)
  real(8), pointer :: cur(:) => null(), nxt(:) => null()
contains
subroutine init(x, n)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  a = 0
  b = 0
  a(1:n) = x
  cur => a
  nxt => b
end subroutine

subroutine step(n, dt)
  integer, intent(in) :: n
  real(8), intent(in) :: dt
  real(8), pointer :: tmp(:)
  integer :: i
  do i = 2, n - 1
    nxt(i) = cur(i) + dt*(cur(i-1) - 2*cur(i) + cur(i+1))*cur(i)
  end do
  nxt(1) = cur(1)*cos(cur(n))
  nxt(n) = cur(n)
  tmp => cur
  cur => nxt
  nxt => tmp
end subroutine

subroutine relax(n, c)
  integer, intent(in) :: n
  real(8), intent(in) :: c
  nxt(1:n) = nxt(1:n) + c*cur(1:n)
end subroutine

subroutine run(x, n, cost)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  integer :: k
  call init(x, n)
  do k = 1, 3
    call step(n, 0.1d0)
  end do
  cost = sum(cur(1:n)**2) + nxt(2) + sum(a(1:n)**3)
  call relax(n, 0.5d0)
  cost = cost + sum(nxt(1:n)**2)
  do k = 1, 2
    cur => a
    cost = cost + sum(cur(1:n))*k
    cur => b
    cost = cost + cur(1)*cur(2)
  end do
  nullify(nxt)
end subroutine
end module buffers
