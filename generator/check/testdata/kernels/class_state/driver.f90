! The driver, in a module of its own, steps the state through its
! bindings.
module glacier_run
  use glacier_mod
  implicit none
contains
subroutine run(x, n, cost)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  type(glacier) :: g
  integer :: t
  call g%init(x, n)
  do t = 1, 3
    call g%step(0.001d0)
    call g%melt(0.01d0)
  end do
  cost = g%volume() + 0.5d0*g%volume()**2
end subroutine
end module glacier_run
