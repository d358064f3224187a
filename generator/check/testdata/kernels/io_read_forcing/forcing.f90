! A diffusion model whose boundary forcing comes from an internal file:
! each step reads the boundary values, a count and the first interior
! cells again (list-directed, from a character record), which resets
! that part of the active state: its derivatives are zero after the READ.
module forcing_m
  implicit none
contains
  subroutine step_model(u, n, nt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    character(len=80) :: line
    real(8) :: unew(n), k, bc(2)
    integer :: i, it, m
    line = '0.3 1.5 2.5 3 0.1 0.2 0.4'
    read(line, *) k, bc
    cost = 0
    do it = 1, nt
      do i = 2, n - 1
        unew(i) = u(i) + k*(u(i-1) - 2*u(i) + u(i+1)) + 0.1d0*sin(u(i))
      end do
      unew(1) = u(1)*0.9d0
      unew(n) = u(n)*u(n)*0.5d0
      u = unew
      read(line, *) k, u(1), u(n), m, (u(i), i = 2, m)
      cost = cost + sum(u**2)
    end do
  end subroutine step_model
end module forcing_m
