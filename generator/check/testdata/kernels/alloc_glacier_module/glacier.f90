! A flowline glacier model whose state is a module variable of a type
! with ALLOCATABLE components (a 1-D thickness, a 2-D temperature) and a
! nested type with an ALLOCATABLE scalar (the slip coefficient); the
! surface mass balance an assumed-shape dummy that check.shapes sizes.
module glacier_types
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type phys_t
    real(wp) :: a_glen
    real(wp), allocatable :: slip
  end type phys_t
  type glacier_t
    integer :: nx = 12, nz = 3
    type(phys_t) :: phys
    real(wp), allocatable :: thk(:), temp(:,:)
    real(wp) :: dx
  end type glacier_t
end module glacier_types

module glacier_model
  use glacier_types
  implicit none
  type(glacier_t), save :: gl
contains
  subroutine evolve(smb, nt, vol)
    real(wp), intent(in) :: smb(:)
    integer, intent(in) :: nt
    real(wp), intent(out) :: vol
    real(wp), allocatable :: q(:)
    integer :: i, k, it
    allocate(q(gl%nx + 1))
    do it = 1, nt
      q = 0.0_wp
      do i = 2, gl%nx
        q(i) = -gl%phys%a_glen * ((gl%thk(i) + gl%thk(i-1)) * 0.5_wp)**3 &
             * (gl%thk(i) - gl%thk(i-1)) / gl%dx - gl%phys%slip * (gl%thk(i) - gl%thk(i-1))
      end do
      do i = 1, gl%nx
        gl%thk(i) = max(gl%thk(i) + 0.01_wp * (smb(i) - (q(i+1) - q(i)) / gl%dx), 0.0_wp)
      end do
      do k = 1, gl%nz
        gl%temp(:, k) = gl%temp(:, k) + 0.01_wp * gl%thk * k
      end do
    end do
    vol = sum(gl%thk) * gl%dx + 1.0e-3_wp * sum(gl%temp)
  end subroutine evolve
end module glacier_model
