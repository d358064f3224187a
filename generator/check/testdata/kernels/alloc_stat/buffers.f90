! ALLOCATE and DEALLOCATE with STAT= and ERRMSG=, as defensive F90
! models write them: a work array allocated with stat= and errmsg= and
! checked (`if (ierr /= 0) error stop`), allocated again with stat= while
! allocated (which fails and leaves it, values and all, as the status
! says), a component of a state allocated and deallocated with stat=,
! and the work array deallocated with stat= and errmsg= before the end;
! the status decides a branch after that.
module buffers
  implicit none
  type state
    real(8), allocatable :: h(:)
    real(8) :: c
  end type
contains
  subroutine smooth(x, n, y)
    integer, intent(in) :: n
    real(8), intent(inout) :: x(n)
    real(8), intent(out) :: y
    real(8), allocatable :: w(:)
    type(state) :: s
    integer :: ierr, i
    character(len=120) :: msg
    allocate(w(0:n+1), stat=ierr, errmsg=msg)
    if (ierr /= 0) error stop 'no memory for w'
    w(1:n) = x**2
    w(0) = x(1)
    w(n+1) = x(n)
    allocate(w(n), stat=ierr)
    if (ierr == 0) error stop 'w allocated twice'
    allocate(s%h(n), stat=ierr)
    s%c = 0.5d0
    do i = 1, n
      s%h(i) = s%c*(w(i-1) + w(i+1)) + sin(w(i))
    end do
    x = x*s%h
    deallocate(s%h, stat=ierr)
    y = sum(w)*x(1)
    deallocate(w, stat=ierr, errmsg=msg)
    if (ierr == 0) then
      y = y + x(n)**2
    else
      y = -y
    end if
  end subroutine
end module
