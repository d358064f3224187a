! Schemes selected through passive pointers, as some models switch a
! mode: a deferred-length character pointer associated with one name or
! the other each step (SELECT CASE on it), a target name overwritten
! while the pointer points at it, and an integer pointer switched
! between two flags (IF on it, and a loop bound). The conditions and the
! bound read values that change by association, so the backward sweep
! records the branches taken and the bound instead of evaluating them
! again.
subroutine model(u, n, nt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  character(len=:), pointer :: mode
  character(len=8), target :: a, b
  integer, pointer :: k
  integer, target :: k1, k2
  integer :: it, i
  a = 'upwind'
  b = 'central'
  k1 = 1
  k2 = 2
  mode => a
  k => k1
  cost = 0
  do it = 1, nt
    select case (mode)
    case ('upwind')
      u = u - 0.1d0*u**2
      mode => b
    case default
      u = u*0.9d0 + 0.05d0*sin(u)
      mode => a
    end select
    do i = 1, k + 1
      u(i) = u(i) - 0.05d0*u(i)**3
    end do
    if (k == 1) then
      u(1) = u(1)*u(2)
      k => k2
    else
      u(2) = u(2) + 0.1d0*u(1)**2
      k => k1
    end if
    if (it == 3) a = 'central'
    cost = cost + sum(u**2)
  end do
end subroutine
