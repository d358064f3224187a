module accm
  implicit none
  type acc_t
    real(8) :: s = 0
  end type
contains
  subroutine run(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y
    integer :: i
    y = 0
    do i = 1, n
      block
        type(acc_t) :: a
        a%s = a%s + x(i)**2
        y = y + a%s
      end block
    end do
  end subroutine
end module
