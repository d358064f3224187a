! A DO WHILE time loop, whose trip count is known only when it ends:
! its snapshots are placed online during its one forward pass, and
! the steps between them reversed binomially once it has ended.
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
