! A function as the target: its active result is the dependent.
real(8) function energy(x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  integer :: i
  energy = 0
  do i = 1, n - 1
    energy = energy + (x(i+1) - x(i))**2 + 0.5d0*x(i)**4
  end do
end function
