! Lorenz-96 model, m variables on a ring, integrated over nsteps steps of
! Heun's method (explicit RK2). The right-hand side is a subroutine, so
! the adjoint reverses its calls (joint reversal). The objective is the
! squared norm of the final state.
subroutine l96rhs(m, f, x, dxdt)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: f, x(m)
  real(8), intent(out) :: dxdt(m)
  integer :: i, ip1, im1, im2
  do i = 1, m
    ip1 = mod(i, m) + 1
    im1 = mod(i + m - 2, m) + 1
    im2 = mod(i + m - 3, m) + 1
    dxdt(i) = (x(ip1) - x(im2))*x(im1) - x(i) + f
  end do
end subroutine l96rhs

subroutine lorenz96(m, nsteps, f, x0, cost)
  implicit none
  integer, intent(in) :: m, nsteps
  real(8), intent(in) :: f, x0(m)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.005d0
  real(8) :: x(m), xt(m), k1(m), k2(m)
  integer :: i, step
  x = x0
  do step = 1, nsteps
    call l96rhs(m, f, x, k1)
    do i = 1, m
      xt(i) = x(i) + dt*k1(i)
    end do
    call l96rhs(m, f, xt, k2)
    do i = 1, m
      x(i) = x(i) + 0.5d0*dt*(k1(i) + k2(i))
    end do
  end do
  cost = 0.0d0
  do i = 1, m
    cost = cost + x(i)**2
  end do
end subroutine lorenz96
