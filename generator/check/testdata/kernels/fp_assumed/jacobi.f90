! The Jacobi iteration of fp_jacobi in a module procedure whose state
! and right side are assumed-shape dummies (x(:), b(:)) and whose new
! iterate an automatic array: the fixed-point adjoint's copies of
! their adjoints are allocatable, allocated by their first assignment.
module solver
  implicit none
contains
  subroutine jacobi(b, w, x)
    real(8), intent(in) :: b(:), w
    real(8), intent(inout) :: x(:)
    real(8) :: xn(size(b))
    real(8) :: err, d
    integer :: i, k, n
    n = size(b)
    d = 2.5d0
    x = 0
    do k = 1, 2000
      xn(1) = (b(1) + w*x(2))/d
      do i = 2, n - 1
        xn(i) = (b(i) + w*(x(i - 1) + x(i + 1)))/d
      end do
      xn(n) = (b(n) + w*x(n - 1))/d
      err = maxval(abs(xn - x))
      x = xn
      if (err < 1.0d-14) exit
    end do
  end subroutine
end module
