! Tracer cells as arrays of a derived type: a WHERE on a cell's component
! array reads a scalar component of the same cell (cells(i)%vol), whose
! adjoint sums the contributions of the selected elements (the code put
! that sum inside the WHERE and did not compile). An internal function
! of the step reads the host's dummy.
module tracer
  implicit none
  type cell_t
    real(8) :: c(3)
    real(8) :: vol
  end type cell_t
contains
  subroutine advect(cells, w, dt)
    type(cell_t), intent(inout) :: cells(:)
    real(8), intent(in) :: w(:), dt
    integer :: i, n
    real(8) :: flux(3)
    n = size(cells)
    do i = n, 2, -1
      flux = w(i)*cells(i-1)%c
      where (flux > 0.2d0)
        cells(i)%c = cells(i)%c + dt*flux/cells(i)%vol
      elsewhere
        cells(i)%c = cells(i)%c - dt*0.1d0*cells(i)%c**2
      end where
    end do
  contains
    real(8) function total()
      integer :: k
      total = 0
      do k = 1, n
        total = total + sum(cells(k)%c)
      end do
    end function total
  end subroutine advect
  subroutine run(n, c0, w, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: c0(3, n), w(n)
    real(8), intent(out) :: cost
    type(cell_t) :: cells(n)
    integer :: i, it
    do i = 1, n
      cells(i)%c = c0(:, i)
      cells(i)%vol = 1.0d0 + 0.1d0*i
    end do
    do it = 1, 3
      call advect(cells, w, 0.1d0)
    end do
    cost = 0
    do i = 1, n
      cost = cost + sum(cells(i)%c**2)*cells(i)%vol
    end do
  end subroutine run
end module tracer
