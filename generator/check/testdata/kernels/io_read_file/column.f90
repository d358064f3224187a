! A column model reading its coefficients and part of its state from a
! file (written by the check's setup routine): the coefficients by a
! formatted READ, a 2-D block of the tracer array by a nested implied DO,
! a component of the state structure, and a whole profile. The READs
! overwrite active variables: their derivatives are zeroed after them,
! element by element as read.
module column_m
  implicit none
  type state
    real(8) :: drag
    real(8) :: t(4)
  end type
contains
  subroutine column(x, q, n, m, cost)
    integer, intent(in) :: n, m
    real(8), intent(in) :: x(n)
    real(8), intent(inout) :: q(n, m)
    real(8), intent(out) :: cost
    type(state) :: st
    real(8) :: c(3), prof(n)
    integer :: i, j, u, nr, mr
    st%drag = x(1)
    st%t = x(1:4)*2
    prof = x**2
    do j = 1, m
      q(:, j) = q(:, j)*x + j
    end do
    open(newunit=u, file='column.txt', status='old', action='read')
    read(u, '(3f8.3)') c
    read(u, *) nr, mr
    read(u, *) ((q(i, j), i = 1, nr), j = 2, mr)
    read(u, *) st%drag
    read(u, *) prof
    close(u)
    cost = c(1)*sum(q**2) + c(2)*st%drag*sum(st%t) + c(3)*sum(prof*x)
  end subroutine column
end module column_m

subroutine column_setup(x, q, n, m, cost)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(inout) :: x(n), q(n, m), cost
  integer :: u, i
  open(newunit=u, file='column.txt', status='replace', action='write')
  write(u, '(3f8.3)') 0.5d0, 1.25d0, 0.75d0
  write(u, *) 3, 2
  write(u, *) (0.1d0*i, i = 1, 3*(2 - 1))
  write(u, *) 0.2d0
  write(u, *) (1.0d0 + 0.1d0*i, i = 1, n)
  close(u)
end subroutine column_setup
