! A fixed-point loop whose body calls a routine that reads a parameter
! (w) and updates the state in place, reversed split (a joint call's
! snapshot is not re-read by the adjoint iteration: rejected): the
! adjoint iteration's sweep calls the callee's backward routine, which
! may read anything, so it keeps its tape reads and puts back the
! parameters' adjoints the callee increments.
subroutine relax(x, w, p, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n)
  real(8), intent(in) :: w, p(n)
  real(8) :: xo(n)
  integer :: i
  xo = x
  do i = 1, n
    x(i) = 0.3d0*sin(xo(i)) + 0.1d0*w*xo(n + 1 - i) + p(i)
  end do
end subroutine

subroutine fpcall(p, w, x, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: p(n), w
  real(8), intent(out) :: x(n)
  real(8) :: xold(n), err
  integer :: it
  x = 0
  do it = 1, 300
    xold = x
    call relax(x, w, p, n)
    err = maxval(abs(x - xold))
    if (err < 1.0d-14) exit
  end do
end subroutine
