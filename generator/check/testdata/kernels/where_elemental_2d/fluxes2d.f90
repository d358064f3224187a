! Fluxes on a 2-D grid through an elemental transfer law, in WHEREs: a
! WHERE statement whose mask reads the array it updates (h > hmin,
! h = h - ...), and a WHERE construct with a masked ELSEWHERE on sections
! shifted in the second dimension, with an operand whose first dimension
! starts at 0.
module fluxes2d
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: hmin = 0.5_wp
contains
  elemental real(wp) function transfer(x, y)
    real(wp), intent(in) :: x, y
    transfer = x*y/(1.0_wp + x*x)
  end function transfer

  subroutine exchange(n, m, h, g, cost)
    integer, intent(in) :: n, m
    real(wp), intent(inout) :: h(n, m)
    real(wp), intent(in) :: g(0:n-1, m)
    real(wp), intent(out) :: cost
    real(wp) :: w(n, m)
    w = 0.5_wp
    where (h > hmin) h = h - 0.1_wp*transfer(h, g)
    where (g(:, 2:m) > 0.5_wp)
      w(:, 1:m-1) = transfer(g(:, 1:m-1), h(:, 2:m))
    elsewhere (h(:, 1:m-1) < 0.6_wp)
      w(:, 2:m) = w(:, 2:m) + transfer(h(:, 2:m), 2.0_wp)
    end where
    cost = sum(h*w)
  end subroutine exchange
end module fluxes2d
