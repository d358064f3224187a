! A module function with a RESULT variable as the target (the result
! named as the dependent), a module array as an independent too.
module norms
  implicit none
  real(8) :: w(5)
contains
  function weighted(v, p) result(s)
    real(8), intent(in) :: v(5), p
    real(8) :: s
    integer :: i
    s = 0
    do i = 1, 5
      s = s + w(i)*abs(v(i))**p
    end do
    s = s**(1/p)
  end function
end module
