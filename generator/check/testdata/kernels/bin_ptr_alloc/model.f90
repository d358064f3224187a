module m7
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine run(n, nsteps, x, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: cost
    real(dp), allocatable :: u(:), work(:)
    real(dp), pointer :: tmp(:)
    integer :: it, i, m
    allocate(u(n))
    u = x
    do it = 1, nsteps
      m = n + mod(it, 3)
      allocate(work(m))
      work = 0
      work(1:n) = u
      allocate(tmp(n))
      do i = 2, n - 1
        tmp(i) = 0.25_dp*(work(i-1) + 2*work(i) + work(i+1))
      end do
      tmp(1) = work(1); tmp(n) = work(n)
      u = tmp - 0.01_dp*tmp**2
      deallocate(tmp)
      deallocate(work)
    end do
    cost = sum(u**2)
  end subroutine
end module
