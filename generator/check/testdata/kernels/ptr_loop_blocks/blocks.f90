! Local pointers associated anew in each iteration of a loop, as
! block-structured and column models write them: h => bl(ib)%h over the
! blocks of a domain, col => u(:, j) over the columns of a field, a
! sliding window win => u(j-1:j+1, k) over a field. Their
! targets' subscripts change with the loop, so the adjoint records them
! with each association and associates again from them.
module blocks_m
  implicit none
  type block_t
    real(8) :: h(4)
    real(8) :: c
  end type block_t
contains
  subroutine relax(bl, dt)
    type(block_t), intent(inout), target :: bl(:)
    real(8), intent(in) :: dt
    real(8), pointer :: h(:)
    integer :: ib, i
    do ib = 1, size(bl)
      h => bl(ib)%h
      do i = 2, 4
        h(i) = h(i) + dt*bl(ib)%c*(h(i-1) - h(i))**2
      end do
    end do
  end subroutine relax

  subroutine columns(u, w)
    real(8), intent(inout), target :: u(:, :)
    real(8), intent(in) :: w
    real(8), pointer :: col(:)
    integer :: j, k
    do j = 1, size(u, 2)
      col => u(:, j)
      do k = 2, size(col)
        col(k) = col(k) + w*sin(col(k-1))
      end do
    end do
    nullify(col)
  end subroutine columns

  subroutine smooth(u, a)
    real(8), intent(inout), target :: u(:, :)
    real(8), intent(in) :: a
    real(8), pointer :: win(:)
    integer :: j, k
    do k = 1, size(u, 2)
      do j = 2, size(u, 1) - 1
        win => u(j-1:j+1, k)
        win(2) = win(2) + a*(win(1) - 2*win(2) + win(3))**2
      end do
    end do
  end subroutine smooth

  subroutine run(x, c, w, cost)
    real(8), intent(in) :: x(12), c(3), w
    real(8), intent(out) :: cost
    type(block_t), target :: bl(3)
    real(8), target :: u(4, 3)
    integer :: ib, k
    do ib = 1, 3
      bl(ib)%h = x(4*ib-3:4*ib)
      bl(ib)%c = c(ib)
      u(:, ib) = x(4*ib-3:4*ib)**2
    end do
    do k = 1, 3
      call relax(bl, 0.1d0)
      call columns(u, w)
      call smooth(u, 0.1d0*w)
    end do
    cost = sum(u**2)
    do ib = 1, 3
      cost = cost + sum(bl(ib)%h**2)
    end do
  end subroutine run
end module blocks_m
