! A DO WHILE time loop checkpointing each iteration (no binomial): a
! snapshot at the start of each step of its one forward pass, then the
! steps restored, recorded and reversed from the last.
subroutine model(n, u, tend, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: tend
  real(8), intent(out) :: y
  real(8) :: t, dt
  t = 0
  time: do while (t < tend)
    dt = 0.05d0
    u = u + dt*(cos(u) - u*[u(2:n), u(1)])
    t = t + dt
  end do time
  y = sum(u**2) + t
end subroutine
