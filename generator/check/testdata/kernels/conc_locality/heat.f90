! A modern heat-equation step with DO CONCURRENT locality specifiers
! (Fortran 2018 and 2023), written (sema's TestLowerLocality holds it)
!
!   do concurrent (i = 1:n) local(flux) local_init(c) shared(u, unew) default(none)
!   do concurrent (i = 1:n) reduce(+: norm)
!
! here as fadj rewrites it before differentiating (sema/conc_locality.go;
! the test checks the rewrite is this source), since gfortran 12, which
! fadj check builds with, compiles none of the specifiers: the LOCAL and
! LOCAL_INIT variables copied before the construct and restored after
! it, each iteration starting from the LOCAL_INIT one's copy; SHARED,
! DEFAULT(NONE) and REDUCE dropped (iterations in order are the
! reduction).
module heat_step
  implicit none
  integer, parameter :: dp = kind(1d0)
contains
  subroutine step(n, u, kappa, unew, norm)
    integer, intent(in) :: n
    real(dp), intent(in) :: u(0:n+1), kappa
    real(dp), intent(out) :: unew(n), norm
    real(dp) :: flux, c
    integer :: i
    real(dp) :: fadj_flux0
    real(dp) :: fadj_c0
    c = 0.5_dp*kappa
    fadj_flux0 = flux
    fadj_c0 = c
    do concurrent (i = 1:n)
      c = fadj_c0
      flux = u(i-1) - 2*u(i) + u(i+1)
      c = c*(1 + 0.1_dp*u(i)**2)
      unew(i) = u(i) + c*flux
    end do
    c = fadj_c0
    flux = fadj_flux0
    norm = 0
    do concurrent (i = 1:n)
      norm = norm + unew(i)**2
    end do
  end subroutine step
end module heat_step
