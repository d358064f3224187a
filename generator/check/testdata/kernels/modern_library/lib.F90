! A modern library as public codes write it (minpack, GSW, SPEEDY,
! Icepack): kinds and grid sizes from modules of their own, a module
! PRIVATE by default that uses them, an abstract interface with IMPORT
! and a procedure argument (a solver driver, passive here), an elemental
! function, columns passed to a function by their first element, a
! logical switch and a permutation, cpp's __FILE__ and __LINE__, and a
! module variable only an initialisation routine writes.
module lib_kinds
  implicit none
  integer, parameter :: wp = kind(1.0d0)
end module lib_kinds

module lib_grid
  implicit none
  integer, parameter :: nz = 6
end module lib_grid

module lib
  use lib_kinds, only: wp
  use lib_grid
  implicit none
  private
  public :: column_norms, solve_with, warn_count, lib_init, tiny_norm

  abstract interface
    subroutine residual(n, x, r)
      import :: wp
      implicit none
      integer, intent(in) :: n
      real(wp), intent(in) :: x(n)
      real(wp), intent(out) :: r(n)
    end subroutine residual
  end interface

  integer :: warn_count = 0
  ! Set once by lib_init, which the differentiated routines never call
  ! (Icepack's puny): their function references may read it.
  real(wp) :: tiny_norm = 0.0_wp

contains

  ! The norms of the columns of a, scaled as minpack's enorm does, in the
  ! order perm gives, optionally squared.
  subroutine column_norms(m, a, lda, squared, perm, norms)
    integer, intent(in) :: m, lda
    real(wp), intent(in) :: a(lda, nz)
    logical, intent(in) :: squared
    integer, intent(in) :: perm(nz)
    real(wp), intent(out) :: norms(nz)
    integer :: j
    do j = 1, nz
      norms(j) = colnorm(m, a(1, perm(j)))
      if (squared) norms(j) = norms(j)**2
      norms(j) = norms(j) + damping(norms(j))
    end do
    if (norms(1) < 0.0_wp) call warn(__FILE__, __LINE__)
  end subroutine column_norms

  real(wp) function colnorm(m, x)
    integer, intent(in) :: m
    real(wp), intent(in) :: x(m)
    real(wp) :: s
    integer :: i
    s = 0.0_wp
    do i = 1, m
      s = s + x(i)**2
    end do
    colnorm = sqrt(s + tiny_norm)
  end function colnorm

  subroutine lib_init(eps)
    real(wp), intent(in) :: eps
    tiny_norm = eps
  end subroutine lib_init

  elemental real(wp) function damping(t)
    real(wp), intent(in) :: t
    damping = 0.1_wp*t/(1.0_wp + t)
  end function damping

  subroutine warn(file, line)
    character(*), intent(in) :: file
    integer, intent(in) :: line
    warn_count = warn_count + 1
    print *, 'negative norm at ', file, line
  end subroutine warn

  ! A driver taking a procedure argument: not differentiated.
  subroutine solve_with(f, n, x, r)
    procedure(residual) :: f
    integer, intent(in) :: n
    real(wp), intent(inout) :: x(n)
    real(wp), intent(out) :: r(n)
    call f(n, x, r)
    x = x - r
  end subroutine solve_with
end module lib
