! Stochastic forcing: a Park-Miller generator advancing its INTENT(INOUT)
! seed, referenced in an active assignment (u(i) = ... + amp*gauss(seed))
! and as an argument of an active call (force(n, amp, uni(seed), u)). The
! tangent statement and the adjoint's partials referenced gauss(seed)
! again, advancing the seed a second time (wrong derivatives: FD error
! 0.28, dot product 0.58); the reference is now evaluated once, into a
! temporary.
module rng
  implicit none
contains
  ! Park-Miller minimal standard generator, uniform in (0, 1)
  real(8) function uni(seed)
    integer, intent(inout) :: seed
    integer, parameter :: a = 16807, m = 2147483647, q = 127773, r = 2836
    integer :: hi, lo
    hi = seed / q
    lo = mod(seed, q)
    seed = a * lo - r * hi
    if (seed <= 0) seed = seed + m
    uni = real(seed, 8) / real(m, 8)
  end function uni

  real(8) function gauss(seed)
    integer, intent(inout) :: seed
    real(8) :: u1, u2
    u1 = uni(seed)
    u2 = uni(seed)
    gauss = sqrt(-2.0d0 * log(u1)) * cos(6.283185307179586d0 * u2)
  end function gauss
end module rng

module stoch_model
  use rng
  implicit none
contains
  subroutine force(n, amp, w, u)
    integer, intent(in) :: n
    real(8), intent(in) :: amp, w
    real(8), intent(inout) :: u(n)
    u = u * (1.0d0 - 0.05d0 * w) + amp * w
  end subroutine force
end module stoch_model

subroutine stoch(n, nt, amp, u0, j)
  use rng
  use stoch_model
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: amp, u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n)
  integer :: it, i, seed
  seed = 12345
  u = u0
  j = 0
  do it = 1, nt
    do i = 2, n
      u(i) = u(i) - 0.1d0 * u(i) * u(i - 1) + amp * gauss(seed)
    end do
    call force(n, amp, uni(seed), u)
    j = j + 0.5d0 * sum(u**2) / n
  end do
end subroutine stoch
