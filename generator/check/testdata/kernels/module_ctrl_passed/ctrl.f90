! Controls in a module passed to a routine that only reads them (intent(in)):
! their adjoints accumulate (they were zeroed before the backward sweep).
module ctrl
  implicit none
  real(8) :: xx_kap = 0.1d0, xx_vec(4)
end module ctrl
module state
  implicit none
  real(8) :: t(4), cst
end module state
subroutine addk(kap, v)
  use state
  real(8), intent(in) :: kap, v(4)
  t = t*(1.d0 + kap*t) + 0.1d0*v
end subroutine addk
subroutine main(n)
  use ctrl
  use state
  integer, intent(in) :: n
  integer :: it
  t = [1.d0, 2.d0, 0.5d0, 0.3d0]
  cst = 0
  do it = 1, n
    call addk(xx_kap, xx_vec)
    cst = cst + sum(t**2)
  end do
end subroutine main
