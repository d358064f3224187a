! (fp_callee_func) A coupling Picard loop whose body calls a function
! solving its own Newton iteration for the stability parameter, both
! loops listed under fixed_point: the function's adjoint, run in each
! adjoint iteration of the outer loop, pops the Newton loop's marks from
! the copy and takes them again from the tape tops (rejected before).
module cplf_m
  implicit none
  integer, parameter :: n = 4
contains
  real(8) function sflux(ts, ta, u)
    real(8), intent(in) :: ts, ta, u
    real(8) :: z, g, dg
    integer :: k
    z = 0.1d0
    newton: do k = 1, 50
      g = z - 0.2d0*tanh(ts - ta + z) - 0.05d0*u
      dg = 1d0 - 0.2d0*(1d0 - tanh(ts - ta + z)**2)
      z = z - g/dg
      if (abs(g) < 1d-15) exit newton
    end do newton
    sflux = u*z*(ts - ta)
  end function sflux

  subroutine couple(ta, u, ts, cost)
    real(8), intent(in) :: ta(n), u
    real(8), intent(out) :: ts(n), cost
    real(8) :: flux(n), tn(n), r
    integer :: it, i
    ts = ta
    outer: do it = 1, 200
      do i = 1, n
        flux(i) = sflux(ts(i), ta(i), u)
      end do
      tn = 0.5d0*ta + 0.3d0 - 0.2d0*flux
      r = maxval(abs(tn - ts))
      ts = tn
      if (r < 1d-14) exit outer
    end do outer
    cost = sum(ts**2) + sum(flux)
  end subroutine couple
end module cplf_m
