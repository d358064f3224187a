! Firn column as a module variable: layers an ALLOCATABLE component, each
! layer's profile ALLOCATABLE; every other step the top layer's profile is
! regridded to one more point (DEALLOCATE, ALLOCATE), a scratch column
! local to the step.
module firn
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type lay_t
    real(wp), allocatable :: rho(:), t(:)
    integer :: n
  end type
  type col_t
    type(lay_t), allocatable :: lay(:)
    real(wp) :: melt
  end type
  type(col_t) :: fc
contains
  subroutine firn_init(nl, x)
    integer, intent(in) :: nl
    real(wp), intent(in) :: x(:)
    integer :: k
    allocate(fc%lay(nl))
    fc%melt = 0
    do k = 1, nl
      fc%lay(k)%n = k + 1
      allocate(fc%lay(k)%rho(k + 1), fc%lay(k)%t(k + 1))
      fc%lay(k)%rho = x(1:k+1)
      fc%lay(k)%t = 0.5_wp*x(k)
    end do
  end subroutine

  subroutine regrid_top()
    real(wp), allocatable :: old(:)
    integer :: n
    n = fc%lay(1)%n
    allocate(old(n))
    old = fc%lay(1)%rho
    deallocate(fc%lay(1)%rho)
    allocate(fc%lay(1)%rho(n + 1))
    fc%lay(1)%rho(1:n) = old
    fc%lay(1)%rho(n + 1) = old(n)*0.9_wp
    old = fc%lay(1)%t
    deallocate(fc%lay(1)%t)
    allocate(fc%lay(1)%t(n + 1))
    fc%lay(1)%t(1:n) = old
    fc%lay(1)%t(n + 1) = old(n)
    fc%lay(1)%n = n + 1
  end subroutine

  subroutine firn_step(it, dt)
    integer, intent(in) :: it
    real(wp), intent(in) :: dt
    type(col_t) :: work
    integer :: k, i
    allocate(work%lay(size(fc%lay)))
    do k = 1, size(fc%lay)
      allocate(work%lay(k)%t(fc%lay(k)%n))
      work%lay(k)%t = fc%lay(k)%t*fc%lay(k)%rho
    end do
    do k = 1, size(fc%lay)
      do i = 1, fc%lay(k)%n
        fc%lay(k)%rho(i) = fc%lay(k)%rho(i) + dt*work%lay(k)%t(i)/(1 + fc%lay(k)%rho(i)**2)
      end do
      fc%melt = fc%melt + dt*sum(work%lay(k)%t)
    end do
    if (mod(it, 2) == 0) call regrid_top()
  end subroutine

  subroutine run(nl, nt, x, cost)
    integer, intent(in) :: nl, nt
    real(wp), intent(in) :: x(nl + 1)
    real(wp), intent(out) :: cost
    integer :: it, k
    call firn_init(nl, x)
    do it = 1, nt
      call firn_step(it, 0.1_wp)
    end do
    cost = fc%melt
    do k = 1, nl
      cost = cost + sum(fc%lay(k)%rho**2) + sum(fc%lay(k)%t)
    end do
    deallocate(fc%lay)
  end subroutine
end module
