! A routine on an assumed-size array passing it by keyword to a module
! helper (call scale2(n=n, f=0.5d0, y=x)), reversed split.
module helpers
contains
  subroutine scale2(n, y, f)
    integer, intent(in) :: n
    double precision, intent(inout) :: y(*)
    double precision, intent(in) :: f
    integer :: i
    do i = 1, n
      y(i) = f*y(i)**2
    end do
  end subroutine
end module
subroutine wrap(n, x, s)
  use helpers
  integer, intent(in) :: n
  double precision, intent(inout) :: x(*)
  double precision, intent(out) :: s
  call scale2(n=n, f=0.5d0, y=x)
  s = x(1) + x(n)
end subroutine
subroutine top(n, x, s)
  integer, intent(in) :: n
  double precision, intent(inout) :: x(n)
  double precision, intent(out) :: s
  call wrap(n, x, s)
  s = s + x(1)*x(n)
end subroutine
