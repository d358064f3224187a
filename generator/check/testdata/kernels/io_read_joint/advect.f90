! An advection step that decodes its boundary inflow from a character
! record the caller builds for each step (an internal WRITE, then an
! internal READ in the callee, overwriting the active inflow cell). The
! callee is reversed jointly: its adjoint runs it again from the
! snapshot, and reading the record again gives the same values.
module advect_m
  implicit none
contains
  subroutine advect_step(q, n, c, rec)
    integer, intent(in) :: n
    real(8), intent(inout) :: q(0:n)
    real(8), intent(in) :: c
    character(len=*), intent(in) :: rec
    integer :: i
    read(rec, *) q(0)
    do i = n, 1, -1
      q(i) = q(i) - c*(q(i) - q(i - 1)) + 0.05d0*q(i)**2
    end do
  end subroutine advect_step

  subroutine advect(q, n, nt, c, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: q(0:n)
    real(8), intent(in) :: c
    real(8), intent(out) :: cost
    character(len=40) :: rec
    integer :: it
    cost = 0
    do it = 1, nt
      write(rec, '(f10.4)') 1.0d0 + 0.25d0*it
      call advect_step(q, n, c, rec)
      cost = cost + sum(q(1:n)**2)
    end do
  end subroutine advect
end module advect_m
