! Snow columns: an array of column types, each with an ALLOCATABLE array
! of layers of its own size, allocated by an init routine per column.
module snow_cols
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type :: layer_t
    real(wp) :: temp = 0.0_wp
    real(wp) :: dz = 0.1_wp
  end type layer_t
  type :: column_t
    type(layer_t), allocatable :: layers(:)
    real(wp) :: tsurf = 0.0_wp
  end type column_t
contains
  subroutine init_col(col, nl, t0)
    type(column_t), intent(inout) :: col
    integer, intent(in) :: nl
    real(wp), intent(in) :: t0
    integer :: k
    allocate(col%layers(nl))
    do k = 1, nl
      col%layers(k)%temp = t0 - k
      col%layers(k)%dz = 0.1_wp*k
    end do
  end subroutine init_col

  subroutine step_col(col, tair, dt)
    type(column_t), intent(inout) :: col
    real(wp), intent(in) :: tair, dt
    integer :: k, nl
    nl = size(col%layers)
    col%tsurf = 0.5_wp*(col%tsurf + tair)
    col%layers(1)%temp = col%layers(1)%temp + dt*(col%tsurf - col%layers(1)%temp)/col%layers(1)%dz
    do k = 2, nl
      col%layers(k)%temp = col%layers(k)%temp + dt*0.3_wp*(col%layers(k-1)%temp**2*1e-2_wp - col%layers(k)%temp)
    end do
  end subroutine step_col

  subroutine run(ncol, nt, t0, tair, cost)
    integer, intent(in) :: ncol, nt
    real(wp), intent(in) :: t0(ncol), tair
    real(wp), intent(out) :: cost
    type(column_t) :: cols(ncol)
    integer :: i, it
    do i = 1, ncol
      call init_col(cols(i), 2 + i, t0(i))
    end do
    do it = 1, nt
      do i = 1, ncol
        call step_col(cols(i), tair, 0.1_wp)
      end do
    end do
    cost = 0
    do i = 1, ncol
      cost = cost + sum(cols(i)%layers%temp**2) + cols(i)%tsurf
    end do
  end subroutine run
end module snow_cols
