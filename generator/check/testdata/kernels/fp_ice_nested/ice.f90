! Implicit ice-sheet thickness steps: each step solves the nonlinear
! diffusion h = hold + dt*(d/dx D(h) dh/dx + smb) by under-relaxed
! Picard iterations (the exit test in the middle), each Picard step a
! Gauss-Seidel sweep loop on the linearised system.
module ice_m
  implicit none
  integer, parameter :: nx = 8
  real(8) :: dt = 0.05d0, glen = 0.3d0
contains
  real(8) function diffus(h)
    real(8), intent(in) :: h
    diffus = glen*h**2/(1d0 + h**2)
  end function diffus

  subroutine step(h, smb)
    real(8), intent(inout) :: h(nx)
    real(8), intent(in) :: smb(nx)
    real(8) :: hold(nx), hn(nx), d(nx), r, rg, hp
    integer :: i, k, it
    hold = h
    hn = h
    picard: do it = 1, 300
      do i = 1, nx
        d(i) = diffus(h(i))
      end do
      gs: do k = 1, 500
        rg = 0d0
        do i = 2, nx - 1
          hp = hn(i)
          hn(i) = (hold(i) + dt*smb(i) + dt*(d(i)*hn(i-1) + d(i)*hn(i+1))) / (1d0 + 2d0*dt*d(i))
          rg = max(rg, abs(hn(i) - hp))
        end do
        if (rg < 1d-15) exit gs
      end do gs
      r = maxval(abs(hn - h))
      if (r < 1d-14) exit picard
      h = 0.7d0*hn + 0.3d0*h
    end do picard
    h = hn
  end subroutine step
end module ice_m

subroutine run(h0, smb, nt, cost)
  use ice_m
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: h0(nx), smb(nx)
  real(8), intent(out) :: cost
  real(8) :: h(nx)
  integer :: t
  h = h0
  cost = 0d0
  time: do t = 1, nt
    call step(h, smb)
    cost = cost + sum(h**2)/nx
  end do time
end subroutine run
