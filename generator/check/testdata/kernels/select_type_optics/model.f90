! Radiation scheme options: an abstract optics type with extensions; a
! pure-ish function selecting the type returns an absorption coefficient,
! a nested SELECT TYPE picks the gas and cloud combination, and the
! target itself selects its CLASS dummy.
module optics
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type, abstract :: optics_t
    real(dp) :: kappa0 = 0.5_dp
  end type
  type, extends(optics_t) :: grey_t
  end type
  type, extends(optics_t) :: band_t
    real(dp) :: w(2) = [0.3_dp, 0.7_dp]
    real(dp) :: k(2) = [0.2_dp, 1.5_dp]
  end type
  type, abstract :: cloud_t
  end type
  type, extends(cloud_t) :: no_cloud
  end type
  type, extends(cloud_t) :: thin_cloud
    real(dp) :: tau_c = 0.3_dp
  end type
contains
  real(dp) function absorb(op, cl, q) result(a)
    class(optics_t), intent(in) :: op
    class(cloud_t), intent(in) :: cl
    real(dp), intent(in) :: q
    integer :: j
    select type (op)
    type is (grey_t)
      a = op%kappa0*q
    type is (band_t)
      a = 0
      do j = 1, 2
        a = a + op%w(j)*(1 - exp(-op%k(j)*q))
      end do
    class default
      a = 0
    end select
    select type (c => cl)
    type is (thin_cloud)
      select type (op)
      type is (band_t)
        a = a + c%tau_c*q**2
      class default
        a = a*(1 + c%tau_c)
      end select
    end select
  end function

  subroutine heat(op, cl, n, q, t, flux)
    class(optics_t), intent(in) :: op
    class(cloud_t), intent(in) :: cl
    integer, intent(in) :: n
    real(dp), intent(in) :: q(n)
    real(dp), intent(inout) :: t(n)
    real(dp), intent(out) :: flux
    real(dp) :: tr
    integer :: i
    tr = 1
    do i = n, 1, -1
      tr = tr*exp(-absorb(op, cl, q(i)))
      t(i) = t(i) + 0.1_dp*tr
    end do
    select type (op)
    type is (band_t)
      flux = tr*sum(op%w) + sum(t)*op%kappa0
    class default
      flux = tr + sum(t)
    end select
  end subroutine
end module

module driver
  use optics
  implicit none
contains
  subroutine run(n, q, t, flux)
    integer, intent(in) :: n
    real(dp), intent(in) :: q(n)
    real(dp), intent(inout) :: t(n)
    real(dp), intent(out) :: flux
    type(band_t) :: b
    type(grey_t) :: g
    type(thin_cloud) :: c
    type(no_cloud) :: nc
    real(dp) :: f1, f2
    call heat(b, c, n, q, t, f1)
    call heat(g, nc, n, q, t, f2)
    call heat(g, c, n, q, t, flux)
    flux = flux + f1*f2
  end subroutine
end module
