! Forcing records of a time-stepping model: two TARGET buffers hold the
! forcing at the start and at the end of the current interval, pointers
! fnow and fnext exchanged each step, the next record read into the
! buffer that held the old one (written through fnext); a relaxation
! coefficient chosen between two passive module fields by the phase of
! the day (k => day, k => night), read by the subroutine the step calls.
! None of them has a derivative: reverse mode replays their
! associations.
module forced
  implicit none
  real(8), allocatable, target :: day(:), night(:)
contains
  subroutine relax(n, u, k, w)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: k(n), w
    u = u - w*k*u**3
  end subroutine relax

  subroutine run(n, nt, u, cost)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u(n)
    real(8), intent(out) :: cost
    real(8), target :: fa(n), fb(n)
    real(8), pointer :: fnow(:), fnext(:), k(:)
    integer :: it, i
    if (.not. allocated(day)) allocate(day(n), night(n))
    do i = 1, n
      fa(i) = 0.2d0*sin(0.7d0*i)
      fb(i) = 0.2d0*sin(0.7d0*i + 0.5d0)
      day(i) = 0.05d0 + 0.01d0*i
      night(i) = 0.02d0
    end do
    fnow => fa
    fnext => fb
    cost = 0
    do it = 1, nt
      if (mod(it, 4) < 2) then
        k => day
      else
        k => night
      end if
      u = u + 0.1d0*(0.7d0*fnow + 0.3d0*fnext)*u - 0.05d0*u**2
      call relax(n, u, k, 0.5d0)
      cost = cost + sum(fnext*u**2)
      if (mod(it, 2) == 1) then
        fnow => fb
        fnext => fa
      else
        fnow => fa
        fnext => fb
      end if
      do i = 1, n
        fnext(i) = 0.2d0*sin(0.7d0*i + 0.5d0*(it + 1))
      end do
    end do
    nullify(fnow, fnext, k)
  end subroutine run
end module forced
