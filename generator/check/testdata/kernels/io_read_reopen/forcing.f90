! A model whose step routine loads the forcing of its step from a file it
! opens and closes itself (skipping to the step's record), overwriting
! the inflow cell of the active state. The step is a joint callee inside
! a binomially checkpointed time loop: the adjoint runs it again, and
! each run opens the file again and reads the same record.
module reopen_m
  implicit none
contains
  subroutine load_step(u, n, it)
    integer, intent(in) :: n, it
    real(8), intent(inout) :: u(n)
    real(8) :: f
    integer :: iu, k
    open(newunit=iu, file='forcing.txt', status='old', action='read')
    do k = 1, it - 1
      read(iu, *)
    end do
    read(iu, *) f, u(1)
    close(iu)
    do k = n, 2, -1
      u(k) = u(k) - f*u(k)*(u(k) - u(k - 1))
    end do
  end subroutine load_step

  subroutine reopen(u, n, nt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    integer :: it
    time: do it = 1, nt
      call load_step(u, n, it)
    end do time
    cost = sum(u**2)
  end subroutine reopen
end module reopen_m

subroutine reopen_setup(u, n, nt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n), cost
  integer :: iu, it
  open(newunit=iu, file='forcing.txt', status='replace', action='write')
  do it = 1, nt
    write(iu, *) 0.05d0*it, 1.0d0 + 0.1d0*it
  end do
  close(iu)
end subroutine reopen_setup
