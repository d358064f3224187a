! The Jacobi iteration of fp_jacobi on allocatable state (x, xn
! allocated before the loop, kept by it), with a character status the
! body sets: the fixed-point adjoint saves their end values (size(x),
! guarded by allocated; the status's codes) and its copies of x_b are
! allocatable.
subroutine jacobi(b, w, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: b(n), w
  real(8), intent(out) :: y(n)
  real(8), allocatable :: x(:), xn(:)
  real(8) :: err, d
  character(len=5) :: status
  integer :: i, k
  allocate(x(n), xn(n))
  d = 2.5d0
  x = 0
  status = 'start'
  do k = 1, 2000
    xn(1) = (b(1) + w*x(2))/d
    do i = 2, n - 1
      xn(i) = (b(i) + w*(x(i - 1) + x(i + 1)))/d
    end do
    xn(n) = (b(n) + w*x(n - 1))/d
    err = maxval(abs(xn - x))
    x(:) = xn
    status = 'iter'
    if (err < 1.0d-14) exit
  end do
  if (status == 'iter') then
    y = x*x
  else
    y = x
  end if
  deallocate(x, xn)
end subroutine
