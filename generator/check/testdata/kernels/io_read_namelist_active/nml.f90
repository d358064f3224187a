! A box model reads its restart state from a namelist record in the
! middle of the run (a spin-up, then the state of a restart), as models
! read &state from a restart file (here only s(2)): the state read is active (it
! overwrites the spun-up state, so the gradient with respect to the
! initial state comes only through the spin-up's cost).
module box_m
  implicit none
contains
  subroutine run(x, a, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n), a
    real(8), intent(out) :: y
    real(8) :: s(3), k
    integer :: i
    character(len=80) :: rec
    namelist /state/ s, k
    s = x(1:3)
    k = a
    y = 0
    do i = 1, n
      s = s + 0.1d0*k*(cshift(s, 1) - s)
      y = y + sum(s**2)
    end do
    rec = '&state s(2) = 0.2 /'
    read(rec, nml=state)
    do i = 1, n
      s = s + 0.1d0*k*(cshift(s, 1) - s) + 0.05d0*a*s
      y = y + sum(s**2)
    end do
  end subroutine run
end module box_m
