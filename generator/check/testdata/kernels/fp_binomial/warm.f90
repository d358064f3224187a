! (fp_binomial: fp_warm's model, its time loop checkpointed binomially.)
! Implicit Euler steps of du/dt = q - c*u**3, each solved by a
! fixed-point iteration started from the previous step's solution; the
! adjoint iterations start from the previous step's adjoint (start: warm).
subroutine warm(q, c, u, n, nt)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: q(n), c
  real(8), intent(inout) :: u(n)
  real(8) :: uold(n), unew(n), dt, err
  integer :: t, it
  dt = 0.1d0
  do t = 1, nt
    uold = u
    err = 1
    it = 0
    step: do while (err > 1.0d-14 .and. it < 200)
      unew = uold + dt*(q - c*u**3)
      err = maxval(abs(unew - u))
      u = unew
      it = it + 1
    end do step
  end do
end subroutine
