! (bin_region_names) Multi-level: a marker region holding a named
! fixed-point loop (Gauss-Seidel sweeps in a split callee over all
! points) inside a binomially checkpointed time loop. The region renames
! its copies of the named loop (gs_c2); each form of the time loop holds
! them, so they are renamed again (a duplicate construct name before).
module gs_mod
  implicit none
  integer :: nsteps = 6
contains
  subroutine sweep(t, told, q, n, r)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: told(n), q(n), r
    real(8) :: tl, tr
    integer :: i
    do i = 1, n
      tl = 0
      tr = 0
      if (i > 1) tl = t(i-1)
      if (i < n) tr = t(i+1)
      t(i) = (told(i) + 0.1d0*q(i) + r*(tl + tr) - 0.01d0*t(i)**3)/(1 + 2*r)
    end do
  end subroutine
end module

subroutine gs_run(t, q, n, j)
  use gs_mod
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: t(n)
  real(8), intent(in) :: q(n)
  real(8), intent(out) :: j
  real(8) :: told(n), tprev(n), r, res
  integer :: it, step
  r = 0.4d0
  j = 0
  time: do step = 1, nsteps
    !$fadj checkpoint begin implicit
    told = t
    gs: do it = 1, 500
      tprev = t
      call sweep(t, told, q, n, r)
      res = maxval(abs(t - tprev))
      if (res < 1.0d-15) exit gs
    end do gs
    !$fadj checkpoint end implicit
    j = j + sum(t**2)*r
  end do time
end subroutine
