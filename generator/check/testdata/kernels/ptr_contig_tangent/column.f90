! A column model walks its columns through a CONTIGUOUS POINTER
! (`col => q(:, j)`) and hands it to a kernel whose dummy is a CONTIGUOUS
! POINTER, as modern physics packages do. Tangent mode (pointer dummies are
! rejected in reverse mode): the tangent pointer must be CONTIGUOUS too, or
! gfortran refuses it as the actual of the CONTIGUOUS POINTER dummy.
module column_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine mix(a, x, y)
    real(dp), intent(in) :: a
    real(dp), contiguous, pointer, intent(in) :: x(:)
    real(dp), intent(inout) :: y(:)
    y = y + a*x**2
  end subroutine

  subroutine run(x, nz, ncol, cost)
    integer, intent(in) :: nz, ncol
    real(dp), intent(in) :: x(nz)
    real(dp), intent(out) :: cost
    real(dp), target :: q(nz, ncol)
    real(dp), pointer, contiguous :: col(:)
    real(dp) :: acc(nz)
    integer :: j
    do j = 1, ncol
      q(:, j) = x*j
    end do
    acc = 0
    do j = 1, ncol
      col => q(:, j)
      call mix(0.1_dp*j, col, acc)
      col = col*acc
    end do
    cost = sum(acc**2) + sum(q)
  end subroutine
end module column_mod
