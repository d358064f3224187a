! Dummies whose size the caller decides: an assumed-shape profile of a
! module procedure and an F77 assumed-size weight array; check.inputs
! lists their values, which gives their sizes.
module filters
  implicit none
contains
  subroutine smooth(u, s)
    real(8), intent(inout) :: u(:)
    real(8), intent(out) :: s
    integer :: i, n
    n = size(u)
    do i = 2, n
      u(i) = 0.5d0*(u(i) + u(i-1)**2)
    end do
    s = sum(u(1:n:2)*u(2:n:2))
  end subroutine smooth
end module filters

      subroutine wsum(n, w, x, y)
      integer n, i
      double precision w(*), x(n), y
      y = 0
      do i = 1, n
        y = y + w(i)*x(i)**2 + w(n+i)*x(i)
      end do
      end

! An external subroutine with assumed-shape dummies (callers have its
! interface from an interface block): the driver writes one.
subroutine relax(q, dq, tau)
  implicit none
  real(8), intent(in) :: q(:, :)
  real(8), intent(out) :: dq(size(q, 1), size(q, 2))
  real(8), intent(in) :: tau
  integer :: k
  do k = 1, size(q, 2)
    dq(:, k) = (q(:, k)**2 - q(:, 1))/tau
  end do
end subroutine relax
