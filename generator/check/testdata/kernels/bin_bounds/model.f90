! A loop whose bounds and step are variables known only at run time,
! named by its label, with an index read in the body; the code after the
! loop reads the index and overwrites what the steps read.
subroutine model(n, i0, i1, di, x, p, y)
  implicit none
  integer, intent(in) :: n, i0, i1, di
  real(8), intent(inout) :: x(n)
  real(8), intent(inout) :: p
  real(8), intent(out) :: y
  real(8) :: t
  integer :: it, m
  m = i1 + 1
  do 10 it = i0, m, di
    t = x(1)
    x(1:n-1) = x(1:n-1) + 0.1d0*p*sin(x(2:n))*it/m
    x(n) = x(n) - 0.1d0*t*cos(p)
10 continue
  y = sum(x**2) + it
  p = p*2
  m = 0
  y = y + p
end subroutine
