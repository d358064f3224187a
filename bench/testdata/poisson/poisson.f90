! Nonlinear Poisson problem -lap(u) + u**3 = f on an n x n grid with zero
! boundary values, solved by nonlinear Gauss-Seidel (one Newton step per
! point) in a DO WHILE loop until the update is small or maxit sweeps.
! The objective is the mean square of the solution.
subroutine poisson(n, maxit, f, cost)
  implicit none
  integer, intent(in) :: n, maxit
  real(8), intent(in) :: f(n, n)
  real(8), intent(out) :: cost
  real(8), parameter :: tol = 1.0d-10
  real(8) :: u(0:n+1, 0:n+1)
  real(8) :: h2, r, du, change
  integer :: i, j, it
  h2 = 1.0d0/real((n + 1)**2, 8)
  u = 0.0d0
  change = 1.0d0
  it = 0
  do while (change > tol .and. it < maxit)
    it = it + 1
    change = 0.0d0
    do j = 1, n
      do i = 1, n
        r = 4.0d0*u(i, j) - u(i+1, j) - u(i-1, j) - u(i, j+1) - u(i, j-1) &
          + h2*(u(i, j)**3 - f(i, j))
        du = r/(4.0d0 + 3.0d0*h2*u(i, j)**2)
        u(i, j) = u(i, j) - du
        change = max(change, abs(du))
      end do
    end do
  end do
  cost = 0.0d0
  do j = 1, n
    do i = 1, n
      cost = cost + u(i, j)**2
    end do
  end do
  cost = cost/real(n*n, 8)
end subroutine poisson
