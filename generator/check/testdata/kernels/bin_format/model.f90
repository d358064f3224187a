! Binomial (3 snapshots, 12 steps) of a legacy time loop that writes a
! diagnostic line each step and another every fourth one, with labelled
! FORMAT statements in the loop (one inside the IF of the step's
! output), as fixed-form models do; internal WRITEs, into a character
! variable, as a model would write to its log.
subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  real(8) :: u(n)
  character(len=80) :: line
  integer :: it, nout
  u = x
  cost = 0
  nout = 0
  do 20 it = 1, nt
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    cost = cost + sum(u**2)
    write(line, 100) it, cost
100 format('step ', i5, ' cost ', es12.4)
    if (mod(it, 4) == 0) then
      nout = nout + 1
      write(line, 110) nout, maxval(u)
110   format('output ', i3, ': max ', f10.4)
    end if
20 continue
  cost = cost + sum(u) + nout
end subroutine
