module nl_mod
  implicit none
  integer, parameter :: n = 10
  type field
    real(8) :: t(n)
    real(8) :: flux
  end type field
  real(8) :: k0 = 0.4d0, k1 = 0.3d0
  real(8) :: tol = 1d-13
  integer :: iters_used  ! diagnostics: Picard iterations of the run
contains
  real(8) function cond(t)
    real(8), intent(in) :: t
    cond = k0 + k1*t**2
  end function cond

  subroutine picard_step(f, dt)
    type(field), intent(inout) :: f
    real(8), intent(in) :: dt
    real(8) :: told(n), tnew(n), res, kw, ke
    integer :: i, it
    told = f%t
    res = 1d0
    it = 0
    picard: do while (res > tol)
      it = it + 1
      tnew(1) = told(1)
      tnew(n) = told(n)
      do i = 2, n - 1
        kw = 0.5d0*(cond(f%t(i)) + cond(f%t(i-1)))
        ke = 0.5d0*(cond(f%t(i)) + cond(f%t(i+1)))
        tnew(i) = (told(i) + dt*(kw*f%t(i-1) + ke*f%t(i+1))) / (1d0 + dt*(kw + ke))
      end do
      res = sqrt(sum((tnew - f%t)**2))
      f%t = tnew
      if (it > 500) exit picard
    end do picard
    iters_used = iters_used + it
    f%flux = f%flux + dt*cond(f%t(2))*(f%t(2) - f%t(1))
  end subroutine picard_step
end module nl_mod

subroutine nlrun(t0, nt, cost)
  use nl_mod
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: t0(n)
  real(8), intent(out) :: cost
  type(field) :: f
  integer :: it
  f%t = t0
  f%flux = 0d0
  cost = 0d0
  iters_used = 0
  time: do it = 1, nt
    call picard_step(f, 0.05d0)
    cost = cost + 0.5d0*sum(f%t(3:6)**2)
  end do time
  cost = cost + f%flux**2
end subroutine nlrun
