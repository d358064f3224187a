program main
  use fpbench
  implicit none
  integer, parameter :: n = 20000, nt = 20, reps = 7
  real(8) :: q(n), u(n), u0(n), q_b(n), u_b(n), c, c_b, tp(reps), ta(reps), t0
  integer :: i, r
  do i = 1, n
    q(i) = 0.5d0 + 0.25d0*sin(0.01d0*i)
    u0(i) = 0.1d0*cos(0.003d0*i)
  end do
  c = 1.0d0
  do r = 1, reps
    u = u0
    t0 = now(); call warm(q, c, u, n, nt); tp(r) = now() - t0
    u = u0; q_b = 0; c_b = 0; u_b = 1
    t0 = now(); call warm_b(q, q_b, c, c_b, u, u_b, n, nt); ta(r) = now() - t0
  end do
  call report('warm', tp, ta, sqrt(sum(q_b**2) + c_b**2 + sum(u_b**2)))
end program
