!=======================================================================
! Conjugate gradient solver for the 2-D Poisson equation on a square
! grid (matrix-free 5-point stencil), compared against a Jacobi solver.
! Kind parameter from SELECTED_REAL_KIND(15, 307).
!=======================================================================
module poisson2d
  implicit none
  integer, parameter :: wp = selected_real_kind(15, 307)
  integer, parameter :: nx = 8                ! interior points per side
  real(wp), parameter :: h = 1.0_wp / (nx + 1)
contains

  ! y = A x for the negative Laplacian with zero Dirichlet boundaries
  subroutine apply_a(x, y)
    real(wp), intent(in) :: x(nx, nx)
    real(wp), intent(out) :: y(nx, nx)
    real(wp) :: xp(0:nx+1, 0:nx+1)
    xp = 0.0_wp
    xp(1:nx, 1:nx) = x
    y = (4.0_wp * xp(1:nx, 1:nx) - xp(0:nx-1, 1:nx) - xp(2:nx+1, 1:nx) &
         - xp(1:nx, 0:nx-1) - xp(1:nx, 2:nx+1)) / h**2
  end subroutine apply_a

  subroutine cg(b, x, tol, maxit, iters, rnorm)
    real(wp), intent(in) :: b(nx, nx), tol
    real(wp), intent(inout) :: x(nx, nx)
    integer, intent(in) :: maxit
    integer, intent(out) :: iters
    real(wp), intent(out) :: rnorm
    real(wp), dimension(nx, nx) :: r, p, ap
    real(wp) :: rr, rr_new, alpha, beta
    call apply_a(x, ap)
    r = b - ap
    p = r
    rr = sum(r * r)
    iters = 0
    do while (sqrt(rr) > tol .and. iters < maxit)
       call apply_a(p, ap)
       alpha = rr / sum(p * ap)
       x = x + alpha * p
       r = r - alpha * ap
       rr_new = sum(r * r)
       beta = rr_new / rr
       p = r + beta * p
       rr = rr_new
       iters = iters + 1
    end do
    rnorm = sqrt(rr)
  end subroutine cg

  subroutine jacobi(b, x, tol, maxit, iters, rnorm)
    real(wp), intent(in) :: b(nx, nx), tol
    real(wp), intent(inout) :: x(nx, nx)
    integer, intent(in) :: maxit
    integer, intent(out) :: iters
    real(wp), intent(out) :: rnorm
    real(wp) :: ax(nx, nx)
    iters = 0
    call apply_a(x, ax)
    rnorm = sqrt(sum((b - ax)**2))
    do while (rnorm > tol .and. iters < maxit)
       ! x_new = x + D^{-1} (b - A x),  D = 4/h**2
       x = x + (b - ax) * h**2 / 4.0_wp
       call apply_a(x, ax)
       rnorm = sqrt(sum((b - ax)**2))
       iters = iters + 1
    end do
  end subroutine jacobi

end module poisson2d

program cg_solver
  use poisson2d
  implicit none
  real(wp) :: b(nx, nx), x(nx, nx), xj(nx, nx), exact(nx, nx)
  real(wp) :: rnorm, pi
  integer :: i, j, iters

  pi = acos(-1.0_wp)
  ! manufactured solution u = sin(pi x) * y (1 - y) * exp(y)
  do j = 1, nx
     do i = 1, nx
        exact(i, j) = sin(pi * i * h) * (j * h) * (1.0_wp - j * h) * exp(j * h)
     end do
  end do
  call apply_a(exact, b)       ! discrete right-hand side, so CG is exact

  x = 0.0_wp
  call cg(b, x, 1.0e-10_wp, 200, iters, rnorm)
  write (*, '(a, i4, a, es10.2, a, es10.2)') 'CG     iters', iters, '  resid', rnorm, &
       '  err', maxval(abs(x - exact))

  xj = 0.0_wp
  call jacobi(b, xj, 1.0e-6_wp, 5000, iters, rnorm)
  write (*, '(a, i4, a, es10.2, a, es10.2)') 'Jacobi iters', iters, '  resid', rnorm, &
       '  err', maxval(abs(xj - exact))

  write (*, '(a)') 'CG solution, every other row:'
  do i = 1, nx, 2
     write (*, '(8f8.4)') x(i, :)
  end do
  write (*, '(a, f12.8)') 'max of solution:', maxval(x)
end program cg_solver
