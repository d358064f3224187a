! A small turbulence-closure package: an abstract closure with two
! extensions; the column holds an array of closures (one per tracer) in
! holders; the step selects each one's type inside its time loop, calls
! a diffusion routine from within the blocks and uses nested selection.
module closures
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: closure_t
    real(dp) :: kmin = 1.0e-3_dp
  end type
  type, extends(closure_t) :: const_k
    real(dp) :: k0 = 0.2_dp
  end type
  type, extends(closure_t) :: richardson_k
    real(dp) :: k0 = 0.3_dp, ric = 0.25_dp
  end type
  type :: holder_t
    class(closure_t), allocatable :: c
  end type
contains
  subroutine diffuse(n, kz, q)
    integer, intent(in) :: n
    real(dp), intent(in) :: kz(n)
    real(dp), intent(inout) :: q(n)
    real(dp) :: f(n)
    integer :: i
    f = 0
    do i = 2, n
      f(i) = kz(i)*(q(i) - q(i-1))
    end do
    do i = 2, n - 1
      q(i) = q(i) + f(i+1) - f(i)
    end do
  end subroutine

  subroutine mix(cl, n, u, q)
    class(closure_t), intent(in) :: cl
    integer, intent(in) :: n
    real(dp), intent(in) :: u(n)
    real(dp), intent(inout) :: q(n)
    real(dp) :: kz(n), s2
    integer :: i
    select type (cl)
    class is (richardson_k)
      do i = 1, n
        s2 = (u(min(i+1, n)) - u(i))**2 + 1.0e-2_dp
        kz(i) = max(cl%kmin, cl%k0/(1 + 5*q(i)/s2))
      end do
      call diffuse(n, kz, q)
    type is (const_k)
      kz = cl%k0
      call diffuse(n, kz, q)
      do i = 1, n
        q(i) = q(i)*(1 - cl%kmin*q(i))
      end do
    class default
      kz = cl%kmin
    end select
  end subroutine
end module

module column
  use closures
  implicit none
contains
  subroutine run(n, nt, nsteps, u, q, cost)
    integer, intent(in) :: n, nt, nsteps
    real(dp), intent(inout) :: u(n), q(n, nt)
    real(dp), intent(out) :: cost
    type(holder_t) :: h(nt)
    integer :: it, k
    do k = 1, nt
      if (mod(k, 2) == 0) then
        allocate(const_k :: h(k)%c)
      else
        allocate(richardson_k :: h(k)%c)
      end if
    end do
    do it = 1, nsteps
      do k = 1, nt
        call mix(h(k)%c, n, u, q(:, k))
        select type (c => h(k)%c)
        type is (const_k)
          u = u + 0.01_dp*c%k0*q(:, k)
        end select
      end do
    end do
    cost = sum(q**2) + sum(u**2)
  end subroutine
end module
