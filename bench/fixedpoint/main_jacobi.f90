program main
  use fpbench
  implicit none
  integer, parameter :: n = 20000, reps = 7
  real(8) :: b(n), x(n), b_b(n), x_b(n), w, w_b, tp(reps), ta(reps), t0
  integer :: i, r
  do i = 1, n
    b(i) = 1 + 0.5d0*sin(0.01d0*i)
  end do
  w = 1.0d0
  do r = 1, reps
    t0 = now(); call jacobi(b, w, x, n); tp(r) = now() - t0
    b_b = 0; w_b = 0; x_b = 1
    t0 = now(); call jacobi_b(b, b_b, w, w_b, x, x_b, n); ta(r) = now() - t0
  end do
  call report('jacobi', tp, ta, sqrt(sum(b_b**2) + w_b**2))
end program
