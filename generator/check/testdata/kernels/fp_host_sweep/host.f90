! (fp_host_sweep) A fixed-point loop whose body calls an internal procedure
! (reversed split) that updates the host's state t through host association
! and reads the parameters told and q so: the adjoint iteration calls
! sweep_bwd, which increments told_b and q_b without their being passed,
! so their adjoints are saved and put back around the iteration (they
! accumulated each adjoint iteration before).
subroutine host_run(t, q, n, j)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: t(n)
  real(8), intent(in) :: q(n)
  real(8), intent(out) :: j
  real(8) :: told(n), tprev(n), res
  integer :: it
  told = t
  jac: do it = 1, 500
    tprev = t
    call sweep()
    res = maxval(abs(t - tprev))
    if (res < 1.0d-15) exit jac
  end do jac
  j = sum(t**2)
contains
  subroutine sweep()
    real(8) :: tn(n)
    integer :: i
    do i = 1, n
      tn(i) = (told(i) + 0.1d0*q(i) + 0.4d0*(t(modulo(i-2, n)+1) + t(modulo(i, n)+1)))/1.8d0
    end do
    t = tn
  end subroutine
end subroutine
