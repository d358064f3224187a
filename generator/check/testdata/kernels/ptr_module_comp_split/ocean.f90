! Vertical mixing of a module's ocean state, written through local
! pointers to the components of a module variable (t => g%t, s => g%s)
! in the mixing routine the time loop calls.
module ocean
  implicit none
  type grid_t
    real(8), allocatable :: t(:), s(:)
  end type grid_t
  type(grid_t), target :: g
contains
  subroutine mix(kappa)
    real(8), intent(in) :: kappa
    real(8), pointer :: t(:), s(:)
    integer :: k, n
    t => g%t
    s => g%s
    n = size(t)
    do k = 2, n
      t(k) = t(k) + kappa*(t(k-1) - t(k))*(1 + 0.1d0*s(k))
    end do
    s(1:n-1) = s(1:n-1) + kappa*t(2:n)*s(1:n-1)
  end subroutine mix
  subroutine run(n, t0, s0, kappa, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: t0(n), s0(n), kappa
    real(8), intent(out) :: cost
    integer :: it
    if (.not. allocated(g%t)) allocate(g%t(n), g%s(n))
    g%t = t0
    g%s = s0
    do it = 1, 3
      call mix(kappa)
    end do
    cost = sum(g%t**2*g%s)
  end subroutine run
end module ocean
