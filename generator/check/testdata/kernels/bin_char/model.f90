! A time loop whose steps branch on character state the previous step
! assigned (a scheme name, a per-cell flag array), checkpointed
! binomially: the snapshots hold the characters' codes on the i4
! snapshot stack (fadj_snap_push_char, _array).
subroutine model(nt, x, cost)
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x(5)
  real(8), intent(out) :: cost
  real(8) :: u(5)
  character(len=6) :: scheme
  character(len=1) :: flag(5)
  integer :: it, i
  u = x
  scheme = 'upwind'
  flag = 'a'
  cost = 0
  do it = 1, nt
    do i = 1, 5
      if (flag(i) == 'a') then
        u(i) = u(i) + 0.1d0*sin(u(i))
      else
        u(i) = u(i)*0.95d0 + 0.02d0*u(i)**2
      end if
    end do
    if (scheme == 'upwind') then
      u(2:5) = u(2:5) - 0.2d0*(u(2:5) - u(1:4))
      scheme = 'center'
    else
      u(2:4) = u(2:4) - 0.1d0*(u(3:5) - u(1:3))
      scheme = 'upwind'
    end if
    flag(mod(it, 5) + 1) = merge('b', 'a', flag(mod(it, 5) + 1) == 'a')
    cost = cost + sum(u**2)
  end do
end subroutine model
