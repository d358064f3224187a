! Check points for SPEEDY's physics: the geometry is initialised as the
! model does, and the state is made physical (dry static energy near
! cp*T, humidity below saturation).
subroutine setup_convection(psa, se, qa, qsat, itop, cbmf, precnv, dfse, dfqa)
  use types, only: p
  use params, only: ix, il, kx
  use geometry, only: initialize_geometry
  implicit none
  real(p), intent(inout) :: psa(ix,il), se(ix,il,kx), qa(ix,il,kx), qsat(ix,il,kx)
  integer, intent(inout) :: itop(ix,il)
  real(p), intent(inout) :: cbmf(ix,il), precnv(ix,il), dfse(ix,il,kx), dfqa(ix,il,kx)
  integer :: k
  call initialize_geometry
  psa = 0.9_p + 0.2_p*psa
  do k = 1, kx
    se(:,:,k) = 1004.0_p*(220.0_p + 10.0_p*k + 10.0_p*se(:,:,k)) + 9.81_p*1000.0_p*(kx - k)
    qsat(:,:,k) = 2.0_p*k*(1.0_p + qsat(:,:,k))
    qa(:,:,k) = qsat(:,:,k)*(0.6_p + 0.5_p*qa(:,:,k))
  end do
end subroutine setup_convection

subroutine setup_condensation(psa, qa, qsat, itop, precls, dtlsc, dqlsc)
  use types, only: p
  use params, only: ix, il, kx
  use geometry, only: initialize_geometry
  implicit none
  real(p), intent(inout) :: psa(ix,il), qa(ix,il,kx), qsat(ix,il,kx)
  integer, intent(inout) :: itop(ix,il)
  real(p), intent(inout) :: precls(ix,il), dtlsc(ix,il,kx), dqlsc(ix,il,kx)
  integer :: k
  call initialize_geometry
  psa = 0.9_p + 0.2_p*psa
  itop = kx
  do k = 1, kx
    qsat(:,:,k) = 2.0_p*k*(1.0_p + qsat(:,:,k))
    qa(:,:,k) = qsat(:,:,k)*(0.7_p + 0.5_p*qa(:,:,k))
  end do
end subroutine setup_condensation
