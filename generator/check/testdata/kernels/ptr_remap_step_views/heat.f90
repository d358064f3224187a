module flat_heat
  implicit none
  integer, parameter :: wp = kind(1.d0)
contains
  ! Two flat state buffers viewed as 2-D fields through rank-remapping
  ! pointers, swapped every step of a checkpointed time loop.
  subroutine heat(n, u0, nu, nsteps, cost)
    integer, intent(in) :: n, nsteps
    real(wp), intent(in) :: u0(n*n), nu
    real(wp), intent(out) :: cost
    real(wp), target :: a(n*n), b(n*n)
    real(wp), pointer :: old(:,:), new(:,:)
    integer :: i, j, it
    a = u0
    b = 0
    do it = 1, nsteps
      if (mod(it, 2) == 1) then
        old(1:n, 1:n) => a
        new(1:n, 1:n) => b
      else
        old(1:n, 1:n) => b
        new(1:n, 1:n) => a
      end if
      new = old
      do j = 2, n-1
        do i = 2, n-1
          new(i, j) = old(i, j) + nu*(old(i-1, j) + old(i+1, j) + old(i, j-1) + old(i, j+1) - 4*old(i, j)) &
                      - 0.1_wp*nu*old(i, j)**3
        end do
      end do
    end do
    if (mod(nsteps, 2) == 1) then
      cost = sum(b**2)
    else
      cost = sum(a**2)
    end if
  end subroutine heat
end module flat_heat
