module columns
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type column_t
    integer :: nz
    real(dp), allocatable :: t(:), q(:)
    integer, allocatable :: lev(:)
    logical, allocatable :: wet(:)
    real(dp) :: sfc
  end type
contains
  subroutine init(ncol, cols, x)
    integer, intent(in) :: ncol
    type(column_t), allocatable, intent(out) :: cols(:)
    real(dp), intent(in) :: x(:)
    integer :: i
    allocate(cols(ncol))
    do i = 1, ncol
      cols(i)%nz = 3 + mod(i, 2)
      allocate(cols(i)%t(cols(i)%nz), cols(i)%q(cols(i)%nz), cols(i)%lev(cols(i)%nz), cols(i)%wet(cols(i)%nz))
      cols(i)%lev = 0
      cols(i)%wet = .true.
      cols(i)%t = x(i)
      cols(i)%q = 0.5_dp*x(i)
      cols(i)%sfc = 0
    end do
  end subroutine
  subroutine physics(col, dt)
    type(column_t), intent(inout) :: col
    real(dp), intent(in) :: dt
    integer :: k
    do k = 2, col%nz
      col%t(k) = col%t(k) + dt*(col%t(k-1) - col%t(k))*col%q(k)
      col%q(k) = col%q(k) - dt*0.1_dp*col%q(k)**2
      if (col%wet(k)) col%lev(k) = col%lev(k) + 1
      col%wet(k) = col%t(k) > -5
    end do
    col%sfc = col%sfc + dt*col%t(col%nz)
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
      cost = cost + sum(cols(i)%t**2) + cols(i)%sfc
    end do
  end subroutine
end module
