! Modules with contained procedures, generic interfaces built from module
! procedures, and USE with ONLY lists and renames.
module constants
  implicit none
  integer, parameter :: dp = kind(1.d0)
  real(dp), parameter :: pi = 3.14159265358979323846_dp
  real(dp), parameter :: e_const = 2.71828182845904523536_dp
  real, parameter :: pi_sp = 3.1415927
end module constants

module vecmath
  use constants, only: dp
  implicit none
  private
  public :: norm, swap, axpy, dp, nswaps

  integer :: nswaps = 0

  ! generic name resolved by argument type
  interface norm
     module procedure norm_sp, norm_dp
  end interface norm

  interface swap
     module procedure swap_int, swap_real, swap_vec
  end interface

contains

  real function norm_sp(v)
    real, intent(in) :: v(:)
    norm_sp = sqrt(sum(v**2))
  end function norm_sp

  function norm_dp(v) result(nrm)
    real(dp), intent(in) :: v(:)
    real(dp) :: nrm
    nrm = sqrt(dot_product(v, v))
  end function norm_dp

  subroutine swap_int(a, b)
    integer, intent(inout) :: a, b
    integer :: t
    t = a; a = b; b = t
    nswaps = nswaps + 1
  end subroutine swap_int

  subroutine swap_real(a, b)
    real, intent(inout) :: a, b
    real :: t
    t = a
    a = b
    b = t
    nswaps = nswaps + 1
  end subroutine swap_real

  subroutine swap_vec(a, b)
    real(dp), intent(inout) :: a(:), b(:)
    real(dp) :: t(size(a))
    t = a
    a = b
    b = t
    nswaps = nswaps + 1
  end subroutine swap_vec

  ! y <- a*x + y
  subroutine axpy(a, x, y)
    real(dp), intent(in) :: a, x(:)
    real(dp), intent(inout) :: y(:)
    y = a * x + y
  end subroutine axpy

end module vecmath

program module_generic
  use constants, only: pi_c => pi, e => e_const
  use vecmath, only: vnorm => norm, swap, axpy, wp => dp, nswaps
  implicit none
  real :: s(3) = (/ 3.0, 4.0, 12.0 /)
  real(wp) :: d(4), d2(4)
  integer :: i, j
  real :: a, b

  d = (/ 1.0_wp, 2.0_wp, 2.0_wp, 4.0_wp /)
  d2 = [(real(i, wp) * pi_c, i = 1, 4)]
  print '(a, f10.5)', 'norm single  :', vnorm(s)
  print '(a, f10.5)', 'norm double  :', vnorm(d)
  call axpy(e, d, d2)
  print '(a, 4f12.6)', 'axpy         :', d2
  i = 1; j = 2
  call swap(i, j)
  a = 1.5; b = -2.5
  call swap(a, b)
  call swap(d, d2)
  print '(a, 2i3, 2f6.2)', 'swapped      :', i, j, a, b
  print '(a, 4f12.6)', 'd after swap :', d
  print '(a, i3)', 'swap calls   :', nswaps
end program module_generic
