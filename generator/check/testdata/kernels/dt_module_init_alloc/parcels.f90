! Lagrangian parcels in an ALLOCATABLE module array of a derived type
! whose components have nonzero default initialization, seeded by an
! init routine and pushed by a step taking the array as an allocatable
! intent(inout) dummy.
module parcels
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type :: parcel_t
    real(wp) :: x = 0.3_wp, u = 0.5_wp
    real(wp) :: tr(2) = 1.0_wp
  end type parcel_t
  type(parcel_t), allocatable :: cloud(:)
contains
  subroutine seed(n, x0)
    integer, intent(in) :: n
    real(wp), intent(in) :: x0(n)
    integer :: i
    if (allocated(cloud)) deallocate(cloud)
    allocate(cloud(n))
    do i = 1, n
      cloud(i)%x = x0(i)
      cloud(i)%u = 0.1_wp * x0(i)
      cloud(i)%tr = [x0(i), 1.0_wp]
    end do
  end subroutine seed

  subroutine push(ps, dt)
    type(parcel_t), allocatable, intent(inout) :: ps(:)
    real(wp), intent(in) :: dt
    integer :: i
    do i = 1, size(ps)
      ps(i)%u = ps(i)%u - dt * sin(ps(i)%x)
      ps(i)%x = ps(i)%x + dt * ps(i)%u
      ps(i)%tr(1) = ps(i)%tr(1) * (1.0_wp - dt * ps(i)%u**2)
    end do
  end subroutine push

  subroutine run(n, nt, x0, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: x0(n)
    real(wp), intent(out) :: cost
    integer :: it
    call seed(n, x0)
    do it = 1, nt
      call push(cloud, 0.1_wp)
    end do
    cost = sum(cloud%x**2) + sum(cloud%tr(1))
  end subroutine run
end module parcels
