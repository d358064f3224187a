! (io_read_namelist_complex) A tidal model reading its complex boundary
! amplitudes from a namelist record halfway through the run: the record
! sets the scalar amp and only the second of the two constituents h, so
! the derivatives of amp and h(2) are zeroed there and h(1) keeps its
! value and derivative (a NaN sentinel in the real part tells which
! elements were read; complex members were rejected).
subroutine tide(n, amp, h, z, cost)
  implicit none
  integer, intent(in) :: n
  complex(8), intent(inout) :: amp, h(2)
  real(8), intent(inout) :: z(n)
  real(8), intent(out) :: cost
  character(len=80) :: rec
  integer :: i, step
  namelist /bc/ amp, h
  cost = 0
  do step = 1, 4
    if (step == 3) then
      rec = '&bc amp = (0.3d0, -0.2d0), h(2) = (0.1d0, 0.05d0) /'
      read(rec, nml=bc)
    end if
    do i = 1, n
      z(i) = 0.9d0*z(i) + real(amp*exp(cmplx(0d0, 0.3d0*i*step, 8))) &
        + real(h(1)*conjg(h(2)))*i
    end do
    cost = cost + sum(z**2) + abs(amp)**2 + abs(h(1))
  end do
end subroutine tide
