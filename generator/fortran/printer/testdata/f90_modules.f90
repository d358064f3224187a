! Modules, generic interfaces, operators, USE with ONLY and renames.
module kinds
  implicit none
  integer, parameter :: sp = kind(1.0), dp = kind(1.d0)
end module kinds

module vectors
  use kinds, only: dp
  implicit none
  private
  public :: vec, operator(+), operator(.dot.), assignment(=), norm, dp
  public norm2d

  type vec
    real(dp) :: x = 0.0_dp, y = 0.0_dp
  end type vec

  ! generic operators and assignment
  interface operator(+)
    module procedure add_vec
  end interface operator(+)

  interface operator(.dot.)
    module procedure dot_vec
  end interface

  interface assignment(=)
    module procedure vec_from_real
  end interface assignment(=)

  interface norm
    module procedure norm_vec, norm_arr
  end interface norm

contains

  pure function add_vec(a, b) result(c)
    type(vec), intent(in) :: a, b
    type(vec) :: c
    c%x = a%x + b%x
    c%y = a%y + b%y
  end function add_vec

  pure real(dp) function dot_vec(a, b)
    type(vec), intent(in) :: a, b
    dot_vec = a%x*b%x + a%y*b%y
  end function dot_vec

  subroutine vec_from_real(v, r)
    type(vec), intent(out) :: v
    real(dp), intent(in) :: r
    v%x = r
    v%y = r
  end subroutine vec_from_real

  real(dp) function norm_vec(v)
    type(vec), intent(in) :: v
    norm_vec = sqrt(v .dot. v)
  end function norm_vec

  real(dp) function norm_arr(v)
    real(dp), intent(in) :: v(:)
    norm_arr = sqrt(sum(v**2))
  end function norm_arr

  real(dp) function norm2d(x, y)
    real(dp), intent(in) :: x, y
    norm2d = sqrt(x*x + y*y)
  end function norm2d
end module vectors

program use_them
  use, intrinsic :: iso_fortran_env, only: output_unit
  use vectors, only: vec, operator(+), operator(.dot.), assignment(=), &
                     length => norm, wp => dp
  use kinds
  implicit none
  type(vec) :: a, b
  real(wp) :: arr(3) = [1.0_wp, 2.0_wp, 2.0_wp]
  a = 1.0_wp
  b = vec(2.0_wp, -1.0_wp)
  write (output_unit, *) length(a + b), a .dot. b, length(arr)
end program use_them
