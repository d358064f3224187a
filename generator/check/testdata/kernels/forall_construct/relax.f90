! FORALL constructs of an F95 grid code: several assignments, each
! complete before the next reads it (flux then the update reading it),
! a mask on the state, a named construct running its inner index
! downward (t(i, j) reads the old t(i, j-1)), a nested FORALL over a
! triangle (inner bounds reading the outer index, both masks), a
! diagonal, a row sum in a right side, and the index variables keeping
! their values.
module grid_ops
  implicit none
  integer, parameter :: wp = selected_real_kind(12)
contains
  subroutine relax(n, m, t, q, s, cost)
    integer, intent(in) :: n, m
    real(wp), intent(inout) :: t(n, m), q(n, m), s(n)
    real(wp), intent(out) :: cost
    real(wp) :: flux(n, m), d(n)
    integer :: i, j, k
    i = 2
    forall (i = 1:n, j = 1:m)
      flux(i, j) = t(i, j)*q(i, j)
      q(i, j) = q(i, j) + 0.5_wp*flux(i, j)
      t(i, j) = t(i, j) - 0.1_wp*flux(i, j)**2
    end forall
    sweep: forall (i = 1:n, j = 2:m, q(i, j) > 0.2_wp)
      t(i, j) = t(i, j-1)*0.5_wp + sqrt(q(i, j))
      q(i, j) = q(i, j)*t(i, j)
    end forall sweep
    outer: forall (i = 2:n, s(i) > -10)
      d(i) = s(i)*0.5_wp
      forall (j = 1:i-1, j <= m) t(i, j) = t(i-1, j)*0.9_wp + d(i)*q(i, j)
    end forall outer
    forall (k = 1:min(n, m)) d(k) = t(k, k)*q(k, k)
    forall (k = min(n, m)+1:n) d(k) = 1
    forall (k = 2:n) s(k) = s(k-1)*d(k) + sum(t(k, :))
    cost = sum(s**2) + sum(d) + s(i)
  end subroutine relax
end module grid_ops
