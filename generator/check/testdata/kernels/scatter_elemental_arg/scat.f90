! Particles depositing onto cells through an owner index array with
! repeated cells, an elemental relaxation called with a gathered field
! (field(owner)), an elemental blend referenced with it, a pure function
! returning statistics as a derived type, an optional scale.
module scat_mod
  implicit none
  private
  integer, parameter :: wp = kind(1.0d0)
  public :: run, wp, stats_t

  type :: stats_t
    real(wp) :: mean = 0.0_wp, var = 0.0_wp
  end type stats_t

contains

  pure function stats_of(x) result(st)
    real(wp), intent(in) :: x(:)
    type(stats_t) :: st
    st%mean = sum(x) / size(x)
    st%var = sum((x - st%mean)**2) / size(x)
  end function stats_of

  elemental subroutine relax(x, target, rate)
    real(wp), intent(inout) :: x
    real(wp), intent(in) :: target, rate
    x = x + rate * (target - x) * abs(target - x)
  end subroutine relax

  elemental function blend(a, b) result(c)
    real(wp), intent(in) :: a, b
    real(wp) :: c
    c = 0.9_wp * a + 0.1_wp * b * a
  end function blend

  subroutine deposit(n, m, owner, w, q, field, scale)
    integer, intent(in) :: n, m
    integer, intent(in) :: owner(m)
    real(wp), intent(in) :: w(m), q(m)
    real(wp), intent(inout) :: field(n)
    real(wp), intent(in), optional :: scale
    integer :: p
    real(wp) :: s
    s = 1.0_wp
    if (present(scale)) s = scale
    do p = 1, m
      field(owner(p)) = field(owner(p)) + s * w(p) * q(p)**2
    end do
  end subroutine deposit

  subroutine run(n, m, nt, q0, w, cost)
    integer, intent(in) :: n, m, nt
    real(wp), intent(in) :: q0(m), w(m)
    real(wp), intent(out) :: cost
    real(wp) :: field(n), q(m)
    integer, allocatable :: owner(:)
    type(stats_t) :: st
    integer :: it, p
    allocate(owner(m))
    do p = 1, m
      owner(p) = mod(3 * p, n) + 1
    end do
    q = q0
    field = 0.0_wp
    do it = 1, nt
      call deposit(n, m, owner, w, q, field)
      call deposit(n, m, owner, w, q, field, scale=0.5_wp)
      call relax(q, field(owner), 0.1_wp)
      q = blend(q, field(owner))
      st = stats_of(field)
      field = field - st%mean
    end do
    cost = st%var + sum(q**2)
  end subroutine run
end module scat_mod
