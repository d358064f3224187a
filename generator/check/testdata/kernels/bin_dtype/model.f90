! A time loop over derived-type state, checkpointed binomially: the
! snapshots hold q component by component (an array, a scalar, an
! integer counter, a character regime the steps branch on, a nested
! type) and an array of types
! with scalar components (a per-component array push of cells%m).
module st
  implicit none
  type forcing
    real(8) :: amp
    integer :: phase
  end type forcing
  type state
    real(8) :: u(6)
    real(8) :: e
    integer :: count
    character(len=4) :: regime
    type(forcing) :: f
  end type state
  type cell
    real(8) :: m
    logical :: wet
  end type cell
end module st

subroutine model(nt, x, s0, cost)
  use st
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x(6), s0
  real(8), intent(out) :: cost
  type(state) :: q
  type(cell) :: cells(6)
  integer :: it, i
  q%u = x
  q%e = s0
  q%count = 0
  q%regime = 'calm'
  q%f%amp = 0.5d0
  q%f%phase = 1
  cells%m = 1
  cells%wet = .true.
  do it = 1, nt
    do i = 1, 6
      q%u(i) = q%u(i) + 0.1d0*sin(q%e*q%u(i) + i)*cells(i)%m
      if (cells(i)%wet) cells(i)%m = cells(i)%m + 0.05d0*q%u(i)*q%f%amp
    end do
    cells(q%f%phase)%wet = .not. cells(q%f%phase)%wet
    q%f%phase = mod(q%f%phase, 6) + 1
    if (q%regime == 'calm') then
      q%f%amp = q%f%amp*0.9d0 + 0.01d0*q%e
      q%regime = 'wild'
    else
      q%f%amp = q%f%amp*1.05d0 - 0.02d0*q%e
      q%regime = 'calm'
    end if
    q%e = q%e + 0.05d0*sum(q%u)/6
    q%count = q%count + 1
  end do
  cost = q%e*sum(q%u) + q%count + sum(cells%m)
end subroutine model
