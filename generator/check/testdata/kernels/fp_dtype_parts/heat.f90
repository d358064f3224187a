! (fp_dtype_parts) Implicit heat steps on a derived-type grid with allocatable
! components: the Jacobi solve defines g%t, while g%k (a parameter of the
! loop) and g%dx are components it never assigns; the time loop is
! checkpointed binomially and clips the state with a WHERE.
module heat_mod
  implicit none
  type grid_t
    integer :: n
    real(8) :: dx
    real(8), allocatable :: t(:)
    real(8), allocatable :: k(:)
  end type
  integer :: nsteps = 10
  real(8) :: dt = 0.05d0
contains
  ! one implicit Euler step: (I - dt*L(k)) t_new = t_old + dt*q, by Jacobi
  subroutine implicit_step(g, q, cost)
    type(grid_t), intent(inout) :: g
    real(8), intent(in) :: q(:)
    real(8), intent(inout) :: cost
    real(8), allocatable :: told(:), tnew(:)
    real(8) :: r, res, diagc
    integer :: i, iter
    allocate(told(g%n), tnew(g%n))
    told = g%t
    r = dt/g%dx**2
    jacobi: do iter = 1, 500
      do i = 1, g%n
        diagc = 1 + r*(g%k(i) + g%k(max(i-1,1)))
        if (i == 1) then
          tnew(i) = (told(i) + dt*q(i) + r*g%k(i)*g%t(i+1)) / diagc
        else if (i == g%n) then
          tnew(i) = (told(i) + dt*q(i) + r*g%k(i-1)*g%t(i-1)) / diagc
        else
          tnew(i) = (told(i) + dt*q(i) + r*(g%k(i)*g%t(i+1) + g%k(i-1)*g%t(i-1))) / diagc
        end if
      end do
      res = maxval(abs(tnew - g%t))
      g%t = tnew
      if (res < 1.0d-15) exit jacobi
    end do jacobi
    call add_diag(g, cost)
    deallocate(told, tnew)
  end subroutine

  subroutine add_diag(g, cost)
    type(grid_t), intent(in) :: g
    real(8), intent(inout) :: cost
    cost = cost + dt*sum(g%t**2)/g%n
  end subroutine
end module

subroutine heat_run(t0, kappa, q, n, j)
  use heat_mod
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: t0(n), kappa(n), q(n)
  real(8), intent(out) :: j
  type(grid_t) :: g
  integer :: step
  g%n = n
  g%dx = 1.0d0/n
  allocate(g%t(n), g%k(n))
  g%t = t0
  g%k = kappa*(1 + 0.1d0*t0)
  j = 0
  time: do step = 1, nsteps
    call implicit_step(g, q, j)
    where (g%t < 0) g%t = 0
  end do time
  j = j + sum(g%t)
end subroutine
