! Each step reads its forcing amplitudes from a namelist record built
! for the step (some steps set only part of the array), then steps a
! damped oscillator chain.
subroutine chain(x0, a, nt, cost)
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x0(3), a
  real(8), intent(out) :: cost
  real(8) :: x(3), amp(3)
  integer :: t
  character(len=60) :: rec
  namelist /forcing/ amp
  x = x0
  amp = a*x0
  cost = 0d0
  time: do t = 1, nt
    if (mod(t, 2) == 0) then
      write(rec, '(a, f6.3, a)') '&forcing amp(2) = ', 0.1d0*t, ' /'
    else
      rec = '&forcing /'
    end if
    read(rec, nml=forcing)
    x = x + 0.1d0*(cshift(x, 1) - x) + 0.05d0*amp*x
    amp = 0.9d0*amp + 0.01d0*a
    cost = cost + sum(x**2)
  end do time
end subroutine chain
