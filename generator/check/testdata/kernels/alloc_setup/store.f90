! A setup routine with no derivative (it only allocates) reallocates a
! module array the model then fills element by element: the derivative
! code realigns the array's derivative after the call, and the adjoint
! restores the allocation the call changed.
module store
  implicit none
  real(8), allocatable :: temp(:), flux(:, :)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    if (allocated(temp)) deallocate(temp)
    allocate(temp(n))
    if (.not. allocated(flux)) allocate(flux(2, 0:n))
  end subroutine
end module

subroutine run(x, n, y)
  use store
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i
  call setup(n)
  do i = 1, n
    temp(i) = x(i)**2
  end do
  flux(1, 0) = 0
  flux(2, 0) = 1
  do i = 1, n
    flux(1, i) = flux(1, i-1) + temp(i)*flux(2, i-1)
    flux(2, i) = cos(flux(1, i))
  end do
  y = sum(temp*x) + flux(1, n)*flux(2, n)
  call setup(n + 1)
end subroutine
