! A relaxation model reading its forcing record by record from a unit it
! opened (a scratch file the driver fills): each step's callee reads
! the forcing and the first cell of the state. The callee is reversed in
! split mode (relax_step_fwd reads once; relax_step_bwd runs no forward
! code), so the records are read once, in order.
module relax_m
  implicit none
contains
  subroutine relax_step(u, n, iu)
    integer, intent(in) :: n, iu
    real(8), intent(inout) :: u(n)
    real(8) :: f
    integer :: i
    read(iu, *) f, u(1)
    do i = 2, n
      u(i) = u(i)*(1 + f*u(i - 1))
    end do
  end subroutine relax_step

  subroutine relax(u, n, nt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    integer :: it, iu
    open(newunit=iu, status='scratch')
    do it = 1, nt
      write(iu, *) 0.1d0*it, 0.5d0 + 0.01d0*it
    end do
    rewind(iu)
    do it = 1, nt
      call relax_step(u, n, iu)
    end do
    close(iu)
    cost = sum(u**2)
  end subroutine relax
end module relax_m
