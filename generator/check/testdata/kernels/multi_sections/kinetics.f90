! Rate constants of a small reaction chain: kpar(1) is a decay rate,
! kpar(2:4) the transfer rates; kpar(5) a fixed scale.
subroutine kinetics(n, kpar, c, dc)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: kpar(5), c(n)
  real(8), intent(out) :: dc(n)
  integer :: i
  dc(1) = -kpar(1)*c(1)*kpar(5)
  do i = 2, n
    dc(i) = kpar(2 + mod(i, 3))*c(i-1) - kpar(1)*c(i)**2 + sin(kpar(5))
  end do
end subroutine kinetics
