! Per-column statistics in a BLOCK: a local of a module type and one of a
! type the BLOCK defines, both default-initialised, and an ALLOCATABLE
! profile.
module fluxes
  implicit none
  integer, parameter :: wp = kind(1.d0)
  type stats_t
    real(wp) :: total = 0.0_wp
    real(wp) :: peak = -huge(1.0_wp)
    integer :: count = 0
  end type
contains
  subroutine column_fluxes(n, nz, q, w, flux, cost)
    integer, intent(in) :: n, nz
    real(wp), intent(in) :: q(nz, n), w
    real(wp), intent(out) :: flux(n), cost
    integer :: i, k
    cost = 0
    do i = 1, n
      block
        type(stats_t) :: st
        type face_t
          real(wp) :: up = 0.0_wp, down = 0.0_wp
        end type
        type(face_t) :: f
        real(wp), allocatable :: prof(:)
        allocate(prof(nz))
        prof = q(:, i)*w
        do k = 1, nz
          st%total = st%total + prof(k)**2
          st%peak = max(st%peak, prof(k))
          st%count = st%count + 1
          if (prof(k) > 0) then
            f%up = f%up + prof(k)
          else
            f%down = f%down - prof(k)
          end if
        end do
        flux(i) = st%total/st%count + st%peak + f%up*0.5_wp + f%down
        cost = cost + flux(i)**2
      end block
    end do
  end subroutine
end module
