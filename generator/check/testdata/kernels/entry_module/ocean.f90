! A module procedure with an entry point, as F90 codes ported from F77
! keep them: set_mix stores the mixing coefficient in the module, mix
! applies it; run calls both through the module.
module ocean
  implicit none
  real(8) :: kappa
contains
  subroutine set_mix(k0, t, n)
    integer, intent(in) :: n
    real(8), intent(in) :: k0
    real(8), intent(inout) :: t(n)
    integer :: i
    kappa = k0*(1.0d0 + 0.1d0*k0)
    return
  entry mix(t, n)
    do i = 2, n
      t(i) = t(i) + kappa*(t(i-1) - t(i))
    end do
  end subroutine set_mix

  subroutine run(k0, t, n, nt)
    integer, intent(in) :: n, nt
    real(8), intent(in) :: k0
    real(8), intent(inout) :: t(n)
    integer :: it
    call set_mix(k0, t, n)
    do it = 1, nt
      call mix(t, n)
    end do
  end subroutine run
end module ocean
