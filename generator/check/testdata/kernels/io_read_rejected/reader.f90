! READs the adjoint cannot reverse, each rejected at its position: a
! callee reversed jointly (its adjoint runs it again) reading from an
! external unit, calling a procedure without derivatives that does, and
! calling one reversed in split mode that does (its _fwd runs again in
! the joint callee's re-run);
! a checkpointed loop whose steps read from an external unit and a
! checkpointed region that does; an item
! whose subscript a later item of the same READ defines.
module reader_m
  implicit none
contains
  subroutine skip_header(iu)
    integer, intent(in) :: iu
    character(len=20) :: header
    read(iu, '(a)') header
  end subroutine skip_header

  subroutine relax(u, n, iu)
    integer, intent(in) :: n, iu
    real(8), intent(inout) :: u(n)
    real(8) :: w
    read(iu, *) w
    u = u + w*u**2
  end subroutine relax

  subroutine forcing_step(u, n, iu)
    integer, intent(in) :: n, iu
    real(8), intent(inout) :: u(n)
    real(8) :: f
    integer :: i
    call skip_header(iu)
    read(iu, *) f
    do i = 1, n
      u(i) = u(i)*(1 + f*u(i))
    end do
    call relax(u, n, iu)
  end subroutine forcing_step

  subroutine model(u, n, nt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    character(len=20) :: line
    real(8) :: f
    integer :: it, iu, k
    open(newunit=iu, status='scratch')
    rewind(iu)
    call forcing_step(u, n, iu)
    time: do it = 1, nt
      read(iu, *) f
      u = u*(1 + f*u)
    end do time
    !$fadj checkpoint begin forcing
    read(iu, *) f
    u = u*(1 + f*u)
    !$fadj checkpoint end forcing
    k = 1
    line = '0.5 2'
    read(line, *) u(k), k
    close(iu)
    cost = sum(u**2)
  end subroutine model
end module reader_m
