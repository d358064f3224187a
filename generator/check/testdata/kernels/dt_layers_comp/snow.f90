! A multi-layer snowpack: the column state holds a fixed array of layer
! records, each with its temperature, density and thickness.
module snowpack
  implicit none
  integer, parameter :: nl = 4
  type layer_t
    real(8) :: temp
    real(8) :: rho
    real(8) :: dz
    integer :: kind
  end type layer_t
  type column_t
    type(layer_t) :: layers(nl)
    real(8) :: tsurf
  end type column_t
contains
  subroutine conduct(col, dt, nt, heat)
    type(column_t), intent(inout) :: col
    real(8), intent(in) :: dt
    integer, intent(in) :: nt
    real(8), intent(out) :: heat
    real(8) :: flux(0:nl), k(nl)
    integer :: i, it
    do it = 1, nt
      do i = 1, nl
        k(i) = 2.2d0 * (col%layers(i)%rho / 917.0d0)**2
      end do
      flux(0) = k(1) * (col%tsurf - col%layers(1)%temp) / col%layers(1)%dz
      flux(nl) = 0.0d0
      do i = 1, nl - 1
        flux(i) = 2.0d0 * k(i) * k(i+1) / (k(i) + k(i+1)) * (col%layers(i)%temp - col%layers(i+1)%temp) &
                / (0.5d0 * (col%layers(i)%dz + col%layers(i+1)%dz))
      end do
      do i = 1, nl
        col%layers(i)%temp = col%layers(i)%temp + dt * (flux(i-1) - flux(i)) / (col%layers(i)%rho * col%layers(i)%dz)
      end do
    end do
    heat = sum(col%layers%temp * col%layers%rho * col%layers%dz)
  end subroutine conduct
end module snowpack
