! (io_read_namelist_recompute) A tidal model reading its boundary
! amplitudes from a namelist record halfway through the run, under
! strategy: recompute (the time loop checkpointed binomially): the
! record sets amp and h(2), which the snapshots must hold, the group's
! members being defined by the READ (they were not: the steps run again
! before the READ used the values read, dot-product error 1.2).
subroutine tide(n, amp, h, z, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: amp, h(2)
  real(8), intent(inout) :: z(n)
  real(8), intent(out) :: cost
  character(len=80) :: rec
  integer :: i, step
  namelist /bc/ amp, h
  cost = 0
  do step = 1, 4
    if (step == 3) then
      rec = '&bc amp = 0.3d0, h(2) = 0.1d0 /'
      read(rec, nml=bc)
    end if
    do i = 1, n
      z(i) = 0.9d0*z(i) + amp*cos(0.3d0*i*step) &
        + h(1)*h(2)*i
    end do
    cost = cost + sum(z**2) + abs(amp)**2 + abs(h(1))
  end do
end subroutine tide
