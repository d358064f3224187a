! Ragged columns whose layers are an ALLOCATABLE array of a derived type
! (temperature, humidity, a wet flag), allocated by an INTENT(OUT)
! ALLOCATABLE dummy of the init routine, reversed with calls: split.
module columns
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type lay_t
    real(dp) :: t, q
    logical :: wet
  end type
  type column_t
    integer :: nz
    type(lay_t), allocatable :: lay(:)
    real(dp) :: sfc
  end type
contains
  subroutine init(ncol, cols, x)
    integer, intent(in) :: ncol
    type(column_t), allocatable, intent(out) :: cols(:)
    real(dp), intent(in) :: x(:)
    integer :: i, k
    allocate(cols(ncol))
    do i = 1, ncol
      cols(i)%nz = 3 + mod(i, 2)
      allocate(cols(i)%lay(cols(i)%nz))
      do k = 1, cols(i)%nz
        cols(i)%lay(k)%t = x(i) + 0.1_dp*k
        cols(i)%lay(k)%q = 0.5_dp*x(i)
        cols(i)%lay(k)%wet = .true.
      end do
      cols(i)%sfc = 0
    end do
  end subroutine
  subroutine physics(col, dt)
    type(column_t), intent(inout) :: col
    real(dp), intent(in) :: dt
    integer :: k
    do k = 2, col%nz
      col%lay(k)%t = col%lay(k)%t + dt*(col%lay(k-1)%t - col%lay(k)%t)*col%lay(k)%q
      if (col%lay(k)%wet) col%lay(k)%q = col%lay(k)%q - dt*0.1_dp*col%lay(k)%q**2
      col%lay(k)%wet = col%lay(k)%t > 0.3_dp
    end do
    col%sfc = col%sfc + dt*col%lay(col%nz)%t
  end subroutine
  subroutine run(ncol, x, cost)
    integer, intent(in) :: ncol
    real(dp), intent(in) :: x(ncol)
    real(dp), intent(out) :: cost
    type(column_t), allocatable :: cols(:)
    integer :: i, it
    call init(ncol, cols, x)
    do it = 1, 5
      do i = 1, ncol
        call physics(cols(i), 0.1_dp)
      end do
    end do
    cost = 0
    do i = 1, ncol
      cost = cost + sum(cols(i)%lay%t**2) + cols(i)%sfc
    end do
  end subroutine
end module
