module packed_col
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  ! Layers of varying thickness packed in one buffer; a pointer walks
  ! the buffer layer by layer, advanced past each layer through its own
  ! target.
  subroutine relax_layers(nlay, nz, m, nt, kappa, buf, cost)
    integer, intent(in) :: nlay, m, nt
    integer, intent(in) :: nz(nlay)
    real(wp), intent(in) :: kappa
    real(wp), target, intent(inout) :: buf(m)
    real(wp), intent(out) :: cost
    real(wp), pointer :: lay(:)
    real(wp) :: top
    integer :: it, l, k, n
    do it = 1, nt
      lay => buf
      top = 0.0_wp
      do l = 1, nlay
        n = nz(l)
        lay(1) = lay(1) + kappa*(top - lay(1))
        do k = 2, n
          lay(k) = lay(k) + kappa*lay(k-1)*(lay(k-1) - lay(k))
        end do
        top = lay(n)
        if (l < nlay) lay => lay(n+1:)
      end do
      lay(size(lay)) = lay(size(lay))*(1.0_wp - 0.1_wp*kappa)
    end do
    cost = sum(buf**2) + top**2
  end subroutine relax_layers
end module packed_col
