! An equation-of-state package: an abstract base with two extensions
! holding passive coefficients, kept in the ocean state as an allocatable
! polymorphic component chosen at set-up; density selects it through the
! component, the convective adjustment through a CLASS dummy (no
! associate name).
module eos_pkg
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: eos_t
    real(dp) :: rho0 = 1.0_dp
  end type
  type, extends(eos_t) :: linear_eos
    real(dp) :: alpha = 2.0e-4_dp, beta = 7.6e-4_dp
  end type
  type, extends(eos_t) :: quad_eos
    real(dp) :: alpha = 1.0e-4_dp, beta = 7.6e-4_dp, gamma = 5.0e-6_dp
    integer :: ncalls = 0
  end type
  type :: ocean_t
    class(eos_t), allocatable :: eos
    real(dp) :: kappa = 0.1_dp
  end type
contains
  subroutine density(oc, n, t, s, rho)
    type(ocean_t), intent(in) :: oc
    integer, intent(in) :: n
    real(dp), intent(in) :: t(n), s(n)
    real(dp), intent(out) :: rho(n)
    real(dp) :: dt
    integer :: k
    eos_kind: select type (e => oc%eos)
    type is (linear_eos) eos_kind
      do k = 1, n
        rho(k) = e%rho0*(1 - e%alpha*(t(k) - 10) + e%beta*(s(k) - 35))
      end do
    type is (quad_eos)
      do k = 1, n
        dt = t(k) - 10
        dt = dt*(1 + e%gamma*dt)
        rho(k) = e%rho0*(1 - e%alpha*dt + e%beta*(s(k) - 35))
      end do
    class default eos_kind
      rho = oc%eos%rho0
    end select eos_kind
  end subroutine

  subroutine adjust(eos, n, rho, t)
    class(eos_t), intent(in) :: eos
    integer, intent(in) :: n
    real(dp), intent(in) :: rho(n)
    real(dp), intent(inout) :: t(n)
    real(dp) :: w
    integer :: k
    select type (eos)
    class is (quad_eos)
      do k = 1, n - 1
        if (rho(k) > rho(k+1)) then
          w = 0.5_dp*(t(k) + t(k+1))
          t(k) = w
          t(k+1) = w
        end if
      end do
    class default
      do k = 1, n - 1
        t(k) = t(k) + 0.01_dp*(rho(k+1) - rho(k))/eos%rho0*t(k)
      end do
    end select
  end subroutine
end module

module ocean
  use eos_pkg
  implicit none
contains
  subroutine run(n, nsteps, kind, t, s, cost)
    integer, intent(in) :: n, nsteps, kind
    real(dp), intent(inout) :: t(n)
    real(dp), intent(in) :: s(n)
    real(dp), intent(out) :: cost
    type(ocean_t) :: oc
    real(dp) :: rho(n)
    integer :: it
    if (kind == 1) then
      allocate(linear_eos :: oc%eos)
    else
      allocate(quad_eos :: oc%eos)
    end if
    do it = 1, nsteps
      call density(oc, n, t, s, rho)
      call adjust(oc%eos, n, rho, t)
      t(2:n-1) = t(2:n-1) + oc%kappa*(t(1:n-2) - 2*t(2:n-1) + t(3:n))
    end do
    call density(oc, n, t, s, rho)
    cost = sum(rho**2) + sum(t**2)
  end subroutine
end module
