module f90era
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine smooth(n, a, b)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n)
    real(dp), intent(out) :: b(n)
    integer :: i
    b(1) = a(1); b(n) = a(n)
    do i = 2, n - 1
      b(i) = 0.25_dp*a(i-1) + 0.5_dp*a(i) + 0.25_dp*a(i+1)
    end do
  end subroutine
  subroutine step(n, u, nonlin)
    integer, intent(in) :: n
    real(dp), intent(inout) :: u(n)
    logical, intent(in) :: nonlin
    real(dp), dimension(:), pointer :: tmp => null(), flux => null()
    real(dp), pointer :: scale
    allocate(tmp(n))
    call smooth(n, u, tmp)
    if (nonlin) then
      if (.not. associated(flux)) allocate(flux(n))
      flux = tmp**2
      tmp = tmp - 0.05_dp*flux
    end if
    allocate(scale)
    scale = 1 + 0.1_dp*sum(tmp)/n
    u = tmp*scale
    if (associated(flux)) deallocate(flux)
    deallocate(tmp, scale)
    nullify(tmp)
  end subroutine
  subroutine run(n, x, cost)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    real(dp), pointer :: u(:)
    integer :: it
    allocate(u(n))
    u = x
    do it = 1, 6
      call step(n, u, mod(it, 2) == 0)
    end do
    cost = sum(u**3)
    deallocate(u)
  end subroutine
end module
