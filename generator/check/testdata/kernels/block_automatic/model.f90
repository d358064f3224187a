module gyre
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type grid_t
    integer :: n
    real(wp), allocatable :: psi(:)
  end type
contains
  subroutine relax(self, f, dt)
    type(grid_t), intent(inout) :: self
    real(wp), intent(in) :: f(:), dt
    integer :: i, m
    integer :: sub
    do sub = 1, 2
    m = self%n - sub + 1
    block
      real(wp) :: lim(self%n), work(m, 2)
      do i = 1, m
        lim(i) = tanh(self%psi(i))
        work(i, 1) = f(i)*lim(i)
        work(i, 2) = lim(i)**2
      end do
      self%psi(1:m) = self%psi(1:m) + dt*(work(:, 1) - 0.1_wp*work(:, 2))
    end block
    end do
  end subroutine
  subroutine run(n, x, cost)
    integer, intent(in) :: n
    real(wp), intent(in) :: x(n)
    real(wp), intent(out) :: cost
    type(grid_t) :: g
    real(wp) :: f(n)
    integer :: it
    g%n = n
    allocate(g%psi(n))
    g%psi = x
    f = 0.5_wp + x**2
    do it = 1, 5
      call relax(g, f, 0.1_wp)
    end do
    cost = sum(g%psi**2)
  end subroutine
end module
