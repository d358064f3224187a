! (fp_call_interior) A fixed-point loop whose body calls a Jacobi sweep over
! the interior points (reversed split): the boundary values the call
! leaves are parameters of the loop. The recording sweep marks what the
! callee assigns, t(2:n-1) in the caller's terms, after the call (it was
! rejected at the call, and a wrong adjoint before that: 1.7).
module sweep_mod
contains
  subroutine sweep(t, told, q, n, r)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: told(n), q(n), r
    real(8) :: tnew(n)
    integer :: i
    do i = 2, n-1
      tnew(i) = (told(i) + 0.1d0*q(i) + r*(t(i-1) + t(i+1)))/(1 + 2*r)
    end do
    t(2:n-1) = tnew(2:n-1)
  end subroutine
end module

subroutine bc_run(t, q, n, nt, j)
  use sweep_mod
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: t(n)
  real(8), intent(in) :: q(n)
  real(8), intent(out) :: j
  real(8) :: told(n), tprev(n), r, res
  integer :: it, step
  r = 0.4d0
  j = 0
  do step = 1, nt
    told = t
    jac: do it = 1, 500
      tprev = t
      call sweep(t, told, q, n, r)
      res = maxval(abs(t - tprev))
      if (res < 1.0d-15) exit jac
    end do jac
    j = j + sum(t**2)
  end do
end subroutine
