! A relaxation solver written as a DO WHILE, its sweep a routine reversed
! in split mode and passed an expression for the source (x**2): the
! fixed-point loop is named 'do while' in the spec, as checkpointed loops
! already could be (fixed_point took only construct names and 'do v').
! The sweep assigns every point (zero ghost values): the adjoint cannot
! tell the points a called sweep over the interior leaves, and rejects it.
module fpm
contains
  subroutine sweep(n, u, f, w)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: f(n), w
    integer :: i
    real(8) :: ul, ur
    do i = 1, n
      ul = 0
      ur = 0
      if (i > 1) ul = u(i-1)
      if (i < n) ur = u(i+1)
      u(i) = (1 - w)*u(i) + w*0.5d0*(ul + ur + f(i) - 0.1d0*u(i)**3)
    end do
  end subroutine sweep
end module fpm
subroutine k(n, x, c)
  use fpm
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: c
  real(8) :: u(n), uold(n), err
  integer :: it
  u = 0
  err = 1
  it = 0
  do while (err > 1d-13 .and. it < 500)
    uold = u
    call sweep(n, u, x**2, 1.2d0)
    err = maxval(abs(u - uold))
    it = it + 1
  end do
  c = sum(u**2)
end subroutine k
