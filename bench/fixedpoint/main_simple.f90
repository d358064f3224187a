program main
  use fpbench
  implicit none
  integer, parameter :: n = 20000, reps = 7
  real(8) :: s(n), m(n), u(n), p(n), s_b(n), m_b(n), u_b(n), p_b(n), tp(reps), ta(reps), t0
  integer :: i, r
  do i = 1, n
    s(i) = 0.5d0 + 0.25d0*sin(0.01d0*i)
    m(i) = 0.05d0*cos(0.02d0*i)
  end do
  do r = 1, reps
    t0 = now(); call simple(s, m, u, p, n); tp(r) = now() - t0
    s_b = 0; m_b = 0; u_b = 1; p_b = 0.5d0
    t0 = now(); call simple_b(s, s_b, m, m_b, u, u_b, p, p_b, n); ta(r) = now() - t0
  end do
  call report('simple', tp, ta, sqrt(sum(s_b**2) + sum(m_b**2)))
end program
