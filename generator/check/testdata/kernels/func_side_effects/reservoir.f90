! Functions with side effects on module state, as box and bucket models
! write them: deposit() adds an inflow to the module's store and returns
! the new level (nonlinear in the store), referenced nested, twice in one
! expression, inside a pure function's argument and in a loop. gfortran
! evaluates arguments before the reference and operands left to right;
! fadj's adjoint assumes that order.
module bucket
  implicit none
  real(8) :: store
  real(8) :: leak
contains
  function deposit(q) result(level)
    real(8), intent(in) :: q
    real(8) :: level
    store = store + 0.5d0*q*q
    level = sqrt(store) - leak*q
  end function

  function drain(q)
    real(8), intent(in) :: q
    real(8) :: drain
    drain = q*exp(-leak*q)
  end function
end module

subroutine reservoir(x, n, s0, y, final)
  use bucket
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), s0
  real(8), intent(out) :: y, final
  integer :: i
  real(8) :: h
  store = s0*s0
  leak = 0.1d0
  y = deposit(deposit(x(1)))
  do i = 2, n
    h = deposit(x(i))*x(i-1) + 2.0d0*deposit(x(i)*x(i))
    y = y + sin(h)*drain(deposit(h))
  end do
  final = store*y
end subroutine
