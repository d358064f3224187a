! A time loop whose step calls routines, under strategy recompute: the
! calls are checkpointed within each step, the loop is checkpointed
! (binomial, the default snapshots).
subroutine flux(n, u, k, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), k
  real(8), intent(out) :: f(n)
  integer :: i
  do i = 1, n - 1
    f(i) = k*(u(i + 1) - u(i))*(1 + u(i)**2)
  end do
  f(n) = 0
end subroutine

subroutine update(n, u, f, dt)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: f(n), dt
  integer :: i
  u(1) = u(1) + dt*f(1)
  do i = 2, n
    u(i) = u(i) + dt*(f(i) - f(i - 1))
  end do
  u = u - dt*0.1d0*sin(u)
end subroutine

subroutine model(n, nt, u, k, dt, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: k, dt
  real(8), intent(out) :: j
  real(8) :: f(n)
  integer :: it
  j = 0
  do it = 1, nt
    call flux(n, u, k, f)
    call update(n, u, f, dt)
    j = j + dt*sum(u**2)
  end do
end subroutine
