program main
  use fpbench
  implicit none
  integer, parameter :: n = 200, reps = 15
  real(8) :: f(n), u(n), f_b(n), u_b(n), c, c_b, tp(reps), ta(reps), t0
  integer :: i, r
  do i = 1, n
    f(i) = 4 + 2*sin(0.001d0*i)
  end do
  c = 1.0d0
  do r = 1, reps
    t0 = now(); call viscous(f, c, u, n); tp(r) = now() - t0
    f_b = 0; c_b = 0; u_b = 1.0d0/n
    t0 = now(); call viscous_b(f, f_b, c, c_b, u, u_b, n); ta(r) = now() - t0
  end do
  call report('viscous', tp, ta, sqrt(sum(f_b**2) + c_b**2))
end program
