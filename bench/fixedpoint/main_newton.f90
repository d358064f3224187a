program main
  use fpbench
  implicit none
  integer, parameter :: n = 200000, reps = 7
  real(8) :: p(n), q(n), x(n), p_b(n), q_b(n), x_b(n), tp(reps), ta(reps), t0
  integer :: i, r
  do i = 1, n
    p(i) = 1 + 0.5d0*sin(0.001d0*i)
    q(i) = 0.5d0 + 0.25d0*cos(0.002d0*i)
  end do
  do r = 1, reps
    t0 = now(); call fpnewton(p, q, x, n); tp(r) = now() - t0
    p_b = 0; q_b = 0; x_b = 1
    t0 = now(); call fpnewton_b(p, p_b, q, q_b, x, x_b, n); ta(r) = now() - t0
  end do
  call report('newton', tp, ta, sqrt(sum(p_b**2) + sum(q_b**2)))
end program
