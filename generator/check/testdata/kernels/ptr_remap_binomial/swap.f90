module heat_views
  implicit none
  integer, parameter :: wp = kind(1.d0)
contains
  ! Heat equation on an n x n grid kept in two flat buffers, viewed as 2-D
  ! fields through pointers with bounds and swapped every step.
  subroutine heat(n, u0, nu, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(wp), intent(in) :: u0(n*n), nu
    real(wp), intent(out) :: cost
    real(wp), target :: buf1(n,n), buf2(n,n)
    real(wp), pointer :: old(:,:), new(:,:)
    real(wp), pointer :: w(:)
    real(wp), target :: wts(3)
    integer :: i, j, it
    wts = [0.25_wp, 0.5_wp, 0.25_wp]
    buf1 = reshape(u0, [n, n])
    buf2 = 0
    do it = 1, nsteps
      if (mod(it, 2) == 1) then
        old(0:, 0:) => buf1
        new(0:, 0:) => buf2
      else
        old(0:, 0:) => buf2
        new(0:, 0:) => buf1
      end if
      w(-1:) => wts
      new = old
      do j = 1, n-2
        do i = 1, n-2
          new(i, j) = old(i, j) + nu*(w(-1)*old(i-1, j) + w(1)*old(i+1, j) - 2*w(0)*old(i, j) &
                      + old(i, j-1) + old(i, j+1) - 2*old(i, j)) - 0.1_wp*nu*old(i, j)**3
        end do
      end do
    end do
    cost = sum(new**2)
  end subroutine heat
end module heat_views
