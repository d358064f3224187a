! Allocatable dummies: a module procedure that (re)allocates and fills
! its intent(inout) allocatable argument, another that reads one.
module grid
  implicit none
contains
  subroutine refine(a, m)
    real(8), allocatable, intent(inout) :: a(:)
    integer, intent(in) :: m
    real(8), allocatable :: tmp(:)
    integer :: i, n
    n = size(a)
    allocate(tmp(m))
    do i = 1, m
      tmp(i) = a(1 + mod(i - 1, n))*(1 + 0.1d0*i) + a(n)**2
    end do
    deallocate(a)
    allocate(a(m))
    a = tmp
  end subroutine

  real(8) function energy(a)
    real(8), allocatable, intent(in) :: a(:)
    energy = sum(sin(a)*a)
  end function
end module

subroutine model(x, n, e)
  use grid
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: e
  real(8), allocatable :: a(:)
  allocate(a(n))
  a = x**2
  call refine(a, 2*n)
  e = energy(a)
  call refine(a, n + 1)
  e = e + energy(a)
end subroutine
