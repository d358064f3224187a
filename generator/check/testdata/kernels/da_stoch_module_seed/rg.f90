! Stochastic physics with the generator's state in a module (uni() reads
! and advances seed) referenced in an active assignment of a model step
! whose calls are checkpointed (eager snapshots). The tangent statement
! and the adjoint's partials referenced uni() again (FD error 17, dot
! product 0.92); it is now evaluated once, into a temporary.
module rng_state
  implicit none
  integer :: seed = 12345
contains
  real(8) function uni()
    integer, parameter :: a = 16807, m = 2147483647, q = 127773, r = 2836
    integer :: hi, lo
    hi = seed / q
    lo = mod(seed, q)
    seed = a * lo - r * hi
    if (seed <= 0) seed = seed + m
    uni = real(seed, 8) / real(m, 8)
  end function uni
end module rng_state

module smodel
  use rng_state
  implicit none
contains
  subroutine step(n, amp, u)
    integer, intent(in) :: n
    real(8), intent(in) :: amp
    real(8), intent(inout) :: u(n)
    integer :: i
    do i = 2, n
      u(i) = u(i) - 0.1d0 * u(i) * u(i - 1) + amp * (uni() - 0.5d0) * u(i)
    end do
  end subroutine step
end module smodel

subroutine sc(n, nt, amp, u0, j)
  use smodel
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: amp, u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n)
  integer :: it
  seed = 4242
  u = u0
  j = 0
  do it = 1, nt
    call step(n, amp, u)
    j = j + 0.5d0 * sum(u**2)
  end do
end subroutine sc
