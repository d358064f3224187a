! Loop counters of kind int64, as codes indexing large arrays declare
! them: a plain loop, a loop whose bound the body changes (recorded
! bounds), a loop left by EXIT, nested loops with a default-integer
! inner index, and the index read after its loop.
module sweeps
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
contains
  subroutine relax(n, x, y, s)
    integer, intent(in) :: n
    real(real64), intent(inout) :: x(n)
    real(real64), intent(out) :: y(n)
    real(real64), intent(out) :: s
    integer(int64) :: i, m, last, nn
    integer :: j
    nn = n
    do i = 1_int64, 4_int64
      x(i) = x(i)*(1.0_real64 + 0.1_real64*x(i))
    end do
    x(2) = x(2)*dble(i)
    do i = 2_int64, nn
      x(i) = x(i) + 0.5_real64*sin(x(i-1))
    end do
    m = nn
    do i = 1, m
      y(i) = x(i)*x(max(m - i + 1, 1_int64))
      if (i == 3) m = m - 1
    end do
    last = 0
    do i = nn, 1_int64, -2_int64
      if (y(i) > 10.0_real64) exit
      y(i) = y(i)*x(i)
      last = i
    end do
    s = 0.0_real64
    do i = 1, nn
      do j = 1, 2
        s = s + y(i)**j*x(max(last, i))
      end do
    end do
    s = s + dble(i)*x(1)
  end subroutine relax
end module sweeps
