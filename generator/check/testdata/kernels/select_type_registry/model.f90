! A parameter registry holding values of any type (CLASS(*)) beside a
! family of source terms; the source routine selects the source's type and
! passes the selected object to a procedure of its type; a parameter is
! read from the registry with TYPE IS (REAL(8)).
module sources
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: param_t
    class(*), allocatable :: value
  end type
  type :: source_t
    real(dp) :: s0 = 0.1_dp
  end type
  type, extends(source_t) :: decay_t
    real(dp) :: lambda = 0.5_dp
  end type
  type, extends(decay_t) :: growth_t
    real(dp) :: cap = 2.0_dp
  end type
contains
  subroutine decay_rate(d, c, r)
    type(decay_t), intent(in) :: d
    real(dp), intent(in) :: c
    real(dp), intent(out) :: r
    r = -d%lambda*c**2
  end subroutine

  subroutine source(src, p, n, c, dc)
    class(source_t), intent(in) :: src
    type(param_t), intent(in) :: p
    integer, intent(in) :: n
    real(dp), intent(in) :: c(n)
    real(dp), intent(out) :: dc(n)
    real(dp) :: r, scale
    integer :: i
    scale = 1
    select type (v => p%value)
    type is (real(dp))
      scale = v
    type is (integer)
      scale = real(v, dp)
    end select
    do i = 1, n
      select type (s => src)
      type is (decay_t)
        call decay_rate(s, c(i), r)
        dc(i) = scale*(s%s0 + r)
      class is (decay_t)
        dc(i) = scale*s%lambda*c(i)*(1 - c(i)/2)
      class default
        dc(i) = scale*s%s0*c(i)
      end select
    end do
  end subroutine
end module

module model
  use sources
  implicit none
contains
  subroutine run(n, nsteps, c, cost)
    integer, intent(in) :: n, nsteps
    real(dp), intent(inout) :: c(n)
    real(dp), intent(out) :: cost
    type(decay_t) :: d
    type(growth_t) :: g
    type(source_t) :: s
    type(param_t) :: p
    real(dp) :: dc(n)
    integer :: it
    allocate(p%value, source=0.5_dp)
    do it = 1, nsteps
      call source(d, p, n, c, dc)
      c = c + 0.1_dp*dc
      call source(g, p, n, c, dc)
      c = c + 0.1_dp*dc
      call source(s, p, n, c, dc)
      c = c + 0.1_dp*dc
    end do
    cost = sum(c**3)
  end subroutine
end module
