module yoe
  implicit none
  type tr
    real(8) :: a, h
  end type tr
  type(tr) :: rad
end module yoe
module phys
  use yoe, only: rad
  implicit none
contains
  subroutine step(n, t, f)
    integer, intent(in) :: n
    real(8), intent(in) :: t(n)
    real(8), intent(out) :: f(n)
    f = rad%a*t**2
    rad%h = rad%h + sum(f)
  end subroutine step
end module phys
