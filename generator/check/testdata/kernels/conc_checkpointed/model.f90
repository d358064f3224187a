! DO CONCURRENT and FORALL in the loops fadj checkpoints: a time loop
! reversed binomially (3 snapshots) whose step is a DO CONCURRENT flux
! stencil and a FORALL smoothing reading both neighbours, and a Jacobi
! solve written with DO CONCURRENT, differentiated as a fixed point.
module solver
  implicit none
contains
  subroutine march(n, nt, u, a, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: a
    real(8), intent(out) :: cost
    real(8) :: f(n)
    integer :: i, it
    f = 0
    steps: do it = 1, nt
      do concurrent (i = 2:n-1, u(i) > -1.0d0)
        f(i) = a*u(i)*(u(i+1) - u(i-1))
      end do
      forall (i = 2:n-1) u(i) = u(i) - 0.1d0*f(i) + 0.05d0*(u(i-1) - 2*u(i) + u(i+1))
    end do steps
    cost = sum(u**2)
  end subroutine march

  subroutine jacobi(n, b, w, x)
    integer, intent(in) :: n
    real(8), intent(in) :: b(n), w
    real(8), intent(out) :: x(n)
    real(8) :: xn(n), err
    integer :: i, k
    x = 0
    do k = 1, 2000
      do concurrent (i = 1:n)
        xn(i) = b(i)
        if (i > 1) xn(i) = xn(i) + w*x(i-1)
        if (i < n) xn(i) = xn(i) + w*x(i+1)
        xn(i) = xn(i)/2.5d0
      end do
      err = maxval(abs(xn - x))
      x = xn
      if (err < 1.0d-14) exit
    end do
  end subroutine jacobi
end module solver
