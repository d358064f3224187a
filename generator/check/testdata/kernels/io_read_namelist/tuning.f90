! A model that spins up with default parameters, then reads its tuned
! parameters from a namelist record (as models read &params from their
! configuration) and runs again. The NAMELIST READ sets passive
! variables the first loop's adjoint reads at their old values: they are
! recorded before it (the READ's group members were not seen as defined:
! the adjoint used the new values, a wrong gradient).
module tuning_m
  implicit none
contains
  subroutine tuned(x, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y
    real(8) :: kappa, c
    integer :: i, nit
    character(len=60) :: config
    namelist /params/ kappa, c, nit
    kappa = 2
    c = 1
    nit = 1
    y = 0
    do i = 1, n
      y = y + kappa*x(i)**2 + c*x(i)
    end do
    config = '&params kappa=3.5, c=0.5, nit=2 /'
    read(config, nml=params)
    do i = 1, nit*n
      y = y + kappa*c*sin(x(mod(i - 1, n) + 1))
    end do
  end subroutine tuned
end module tuning_m
