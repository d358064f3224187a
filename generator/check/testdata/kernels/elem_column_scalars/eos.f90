! Equation of state as an older model keeps it: external elemental
! routines with interface blocks, applied to whole columns, with scalar
! reference parameters that are active.
elemental subroutine relax(t, t0, tau)
  real(8), intent(inout) :: t
  real(8), intent(in) :: t0, tau
  t = t0 + (t - t0)*exp(-1.0d0/tau)
end subroutine relax

elemental real(8) function density(t, s, alpha, beta)
  real(8), intent(in) :: t, s, alpha, beta
  density = 1000d0*(1 - alpha*(t - 10d0) + beta*(s - 35d0))
end function density

module column
  implicit none
  interface
    elemental subroutine relax(t, t0, tau)
      real(8), intent(inout) :: t
      real(8), intent(in) :: t0, tau
    end subroutine relax
    elemental real(8) function density(t, s, alpha, beta)
      real(8), intent(in) :: t, s, alpha, beta
    end function density
  end interface
contains
  elemental subroutine mix(t, s, k)
    real(8), intent(inout) :: t, s
    real(8), intent(in) :: k
    t = t + k*s*0.01d0
    s = s*(1 - 0.1d0*k)
  end subroutine mix

  subroutine step(nz, t, s, alpha, beta, t0, tau, k, rho)
    integer, intent(in) :: nz
    real(8), intent(inout) :: t(nz), s(nz)
    real(8), intent(in) :: alpha, beta, t0, tau, k
    real(8), intent(out) :: rho(nz)
    integer :: it
    do it = 1, 3
      call relax(t, t0, tau)
      call mix(t(2:nz), s(2:nz), k)
      call mix(t, s, 2*k)
    end do
    rho = density(t, s, alpha, beta)
  end subroutine step
end module column
