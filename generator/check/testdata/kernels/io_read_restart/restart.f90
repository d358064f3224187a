! A model that writes a restart file every other step and reads it back
! at once (as a restart test does: unformatted, the unit closed and
! opened again on the same file). The READ gives the state the values it
! had, so their derivatives are kept (OpenAD's readWrite1 and readWrite2
! write and read back a formatted value the same way).
module restart_m
  implicit none
contains
  subroutine run(u, t, n, nt, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n), t
    real(8), intent(out) :: cost
    integer :: it, i, iu
    do it = 1, nt
      do i = 2, n
        u(i) = u(i) + 0.1d0*t*(u(i - 1) - u(i))**2
      end do
      t = t*(1 + 0.05d0*u(n))
      if (mod(it, 2) == 0) then
        open(newunit=iu, file='restart.dat', form='unformatted', status='replace')
        write(iu) u, t
        close(iu)
        open(newunit=iu, file='restart.dat', form='unformatted', status='old')
        read(iu) u, t
        close(iu)
      end if
    end do
    cost = sum(u**2) + t
  end subroutine run
end module restart_m
