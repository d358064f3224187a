! DO CONCURRENT with the locality specifiers of Fortran 2018 and 2023, as
! a modern heat-equation step writes it: a per-iteration temporary
! (LOCAL), a coefficient each iteration starts from and scales (LOCAL_INIT),
! the arrays SHARED under DEFAULT(NONE), and a norm summed with REDUCE.
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
    c = 0.5_dp*kappa
    do concurrent (i = 1:n) local(flux) local_init(c) shared(u, unew) default(none)
      flux = u(i-1) - 2*u(i) + u(i+1)
      c = c*(1 + 0.1_dp*u(i)**2)
      unew(i) = u(i) + c*flux
    end do
    norm = 0
    do concurrent (i = 1:n) reduce(+: norm)
      norm = norm + unew(i)**2
    end do
  end subroutine step
end module heat_step
