! Mixing from a top level a module variable holds (ntop), switched by
! the routine itself between calls.
module grid
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: ntop = 1
contains
  subroutine mix(nlev, t)
    integer, intent(in) :: nlev
    real(dp), intent(inout) :: t(nlev)
    real(dp) :: work(ntop:nlev), tc
    integer :: k
    work = 0
    do k = ntop, nlev
      tc = t(k) - 0.3_dp
      tc = tc*tc
      work(k) = tc
    end do
    ntop = 3 - ntop
    do k = nlev, 3, -1
      t(k) = t(k) + 0.1_dp*work(k) - 0.05_dp*work(k-1)
    end do
  end subroutine

  subroutine run(nlev, nt, t, cost)
    integer, intent(in) :: nlev, nt
    real(dp), intent(inout) :: t(nlev)
    real(dp), intent(out) :: cost
    integer :: it
    ntop = 1
    do it = 1, nt
      call mix(nlev, t)
    end do
    cost = sum(t**2)
  end subroutine
end module
