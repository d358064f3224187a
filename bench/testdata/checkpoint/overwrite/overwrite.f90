! Dauvergne & Hascoet's "contrived example", where eager snapshots beat
! lazy ones: a checkpointed callee overwrites, many times, the elements
! of an array its caller needs afterwards.
!
! Each time step of overwrite adds a weighted energy of u to the cost
! (its adjoint needs u: u is in the Req set at the call), calls limit,
! which sweeps niter times over u in place, and applies a logistic
! reaction. limit's sweeps replace u(i) by the mean of u(i) and the
! neighbour on the side of the smaller difference, a choice the
! backward sweep needs: its recording run overwrites u. Each sweep is
! linear given its choices, so limit's own adjoint needs none of the
! values of u. With lazy snapshots (Req_C = out(C-bar) /\ Req) the
! recording run must preserve u, recording each of its niter*n
! overwrites; with eager ones u goes once into the backward snapshot Sbk.
subroutine limit(n, niter, u)
  implicit none
  integer, intent(in) :: n, niter
  real(8), intent(inout) :: u(n)
  integer :: i, it
  do it = 1, niter
    do i = 2, n - 1
      if (abs(u(i) - u(i-1)) < abs(u(i+1) - u(i))) then
        u(i) = 0.5d0*(u(i) + u(i-1))
      else
        u(i) = 0.5d0*(u(i) + u(i+1))
      end if
    end do
  end do
end subroutine limit

subroutine overwrite(n, nsteps, niter, u0, c, cost)
  implicit none
  integer, intent(in) :: n, nsteps, niter
  real(8), intent(in) :: u0(n), c(n)
  real(8), intent(out) :: cost
  real(8), parameter :: dt = 0.1d0
  real(8) :: u(n)
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
  end do
  cost = 0.0d0
  do step = 1, nsteps
    do i = 1, n
      cost = cost + c(i)*u(i)**2
    end do
    call limit(n, niter, u)
    do i = 1, n
      u(i) = u(i) + dt*u(i)*(1.0d0 - u(i))
    end do
  end do
end subroutine overwrite
