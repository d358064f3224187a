! fp_jacobi's iteration on allocatable state written as codes write it:
! the new iterate assigned whole (xn = ..., x = xn, which may reallocate
! them), and a history record whose allocatable component the iteration
! reallocates by assignment (hist%res grows by one residual each
! iteration). The fixed-point adjoint's end values, and the values
! before the loop, hold the allocations too (their bounds and a flag on
! the i4 snapshot stack), restored before each adjoint iteration.
module fp_hist
  implicit none
  type history
    real(8), allocatable :: res(:)
    integer :: iters
  end type
end module

subroutine jacobi(b, w, y, n)
  use fp_hist
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n), w
  real(8), intent(out) :: y(n)
  real(8), allocatable :: x(:), xn(:)
  type(history) :: hist
  real(8) :: err, d
  integer :: k
  d = 2.5d0
  x = 0*b
  hist%iters = 0
  allocate(hist%res(0))
  do k = 1, 2000
    xn = (b + w*([x(2:n), 0d0] + [0d0, x(1:n-1)]))/d
    err = maxval(abs(xn - x))
    x = xn
    hist%res = [hist%res, err]
    hist%iters = hist%iters + 1
    if (err < 1.0d-14) exit
  end do
  y = x*x
end subroutine
