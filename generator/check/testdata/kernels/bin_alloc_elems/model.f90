! Binomial (3 snapshots, 12 steps) over an array of columns of derived
! type with an ALLOCATABLE profile component (cols(k)%t): columns of
! different heights, the second one refined (its profile reallocated
! by assignment) every fourth step, the third one never allocated. The
! snapshots hold each column's profile with its allocation, element by
! element.
subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  type column
    real(8), allocatable :: t(:)
    real(8) :: e
  end type
  type(column) :: cols(3)
  integer :: it, k
  do k = 1, 2
    allocate(cols(k)%t(n + k))
    cols(k)%t(1:n) = x
    cols(k)%t(n + 1:) = 0.5d0*x(1)
    cols(k)%e = k
  end do
  cols(3)%e = 0
  cost = 0
  do it = 1, nt
    do k = 1, 2
      cols(k)%t = cols(k)%t - 0.1d0*cols(k)%t**2*cols(k)%e
      cols(k)%e = 0.9d0*cols(k)%e + 0.01d0*sum(cols(k)%t)
      cost = cost + sum(cols(k)%t**2)
    end do
    if (mod(it, 4) == 0) cols(2)%t = [cols(2)%t, 0.5d0*cols(2)%t(1)]
    cols(3)%e = cols(3)%e + cols(1)%e*cols(2)%e
  end do
  cost = cost + cols(3)%e
end subroutine
