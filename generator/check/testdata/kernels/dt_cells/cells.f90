! Arrays of derived types, as finite-volume codes hold their cells: a
! module variable of derived type (the mesh), nested types, whole-type
! copies (old = cells(i)), array components of array elements, and a
! function of a type.
module mesh
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer, parameter :: ncell = 5
  type vec
    real(wp) :: x, y
  end type
  type cell
    type(vec) :: vel
    real(wp) :: h
    real(wp) :: flux(2)
    integer :: id
  end type
  type geometry
    real(wp) :: dx
    real(wp) :: area(ncell)
  end type
  type(geometry) :: geo
contains
  real(wp) function speed2(c)
    type(cell), intent(in) :: c
    speed2 = c%vel%x**2 + c%vel%y**2
  end function

  subroutine fluxes(cells)
    type(cell), intent(inout) :: cells(ncell)
    integer :: i
    do i = 1, ncell
      cells(i)%flux(1) = cells(i)%h*cells(i)%vel%x
      cells(i)%flux(2) = cells(i)%h*cells(i)%vel%y + 0.5_wp*cells(i)%h**2
    end do
  end subroutine

  subroutine update(cells, dt)
    type(cell), intent(inout) :: cells(ncell)
    real(wp), intent(in) :: dt
    type(cell) :: old
    integer :: i
    call fluxes(cells)
    do i = 2, ncell
      old = cells(i)
      cells(i)%h = old%h - dt/geo%dx*(old%flux(1) - cells(i-1)%flux(1))*geo%area(i)
      cells(i)%vel%x = old%vel%x - dt*(old%flux(2) - cells(i-1)%flux(2))/max(old%h, 0.1_wp)
      cells(i)%vel%y = old%vel%y*(1.0_wp - dt*sqrt(speed2(old)))
    end do
  end subroutine
end module

subroutine simulate(h0, u0, dx, total)
  use mesh
  implicit none
  real(wp), intent(in) :: h0(ncell), u0(ncell), dx
  real(wp), intent(out) :: total
  type(cell) :: cells(ncell)
  integer :: i, it
  geo%dx = dx
  do i = 1, ncell
    geo%area(i) = 1.0_wp + 0.1_wp*i
    cells(i)%h = h0(i)
    cells(i)%vel = vec(u0(i), 0.5_wp*u0(i))
    cells(i)%flux = 0.0_wp
    cells(i)%id = i
  end do
  do it = 1, 3
    call update(cells, 0.05_wp)
  end do
  total = 0.0_wp
  do i = 1, ncell
    total = total + cells(i)%h**2 + speed2(cells(i))
  end do
end subroutine
