module mom_grid
  implicit none
  integer, parameter :: dp = kind(1.d0)
  type :: grid_type
    integer :: isc, iec, jsc, jec, isd, ied, jsd, jed
    integer :: IsdB, IedB, JsdB, JedB
    real(dp) :: dx, dy
    real(dp), allocatable :: mask2dT(:,:)
  end type grid_type
contains
  subroutine grid_setup(G, ni, nj)
    type(grid_type), intent(out) :: G
    integer, intent(in) :: ni, nj
    G%isc = 1; G%iec = ni; G%jsc = 1; G%jec = nj
    G%isd = 0; G%ied = ni + 1; G%jsd = 0; G%jed = nj + 1
    G%IsdB = 0; G%IedB = ni; G%JsdB = 0; G%JedB = nj
    G%dx = 1.0_dp; G%dy = 1.0_dp
    allocate(G%mask2dT(G%isd:G%ied, G%jsd:G%jed))
    G%mask2dT = 1.0_dp
    G%mask2dT(ni, 1) = 0.0_dp
  end subroutine grid_setup
end module mom_grid

module mom_state
  use mom_grid
  implicit none
  type :: state_type
    real(dp), allocatable :: h(:,:,:)     ! (isd:ied, jsd:jed, 2) two time levels
    real(dp), allocatable :: u(:,:)       ! (IsdB:IedB, jsd:jed)
    real(dp), allocatable :: v(:,:)       ! (isd:ied, JsdB:JedB)
    integer :: cur = 1
  end type state_type
contains
  subroutine state_init(CS, G, h0, u0)
    type(state_type), intent(inout) :: CS
    type(grid_type), intent(in) :: G
    real(dp), intent(in) :: h0(:,:), u0(:,:)
    allocate(CS%h(G%isd:G%ied, G%jsd:G%jed, 2))
    allocate(CS%u(G%IsdB:G%IedB, G%jsd:G%jed), CS%v(G%isd:G%ied, G%JsdB:G%JedB))
    CS%h = 0.0_dp; CS%u = 0.0_dp; CS%v = 0.0_dp
    CS%h(G%isc:G%iec, G%jsc:G%jec, 1) = h0
    CS%u(G%isc:G%iec, G%jsc:G%jec) = u0
    CS%v(G%isc:G%iec, G%jsc:G%jec) = 0.5_dp*u0
    CS%cur = 1
  end subroutine state_init

  subroutine pass_var(a, G)
    type(grid_type), intent(in) :: G
    real(dp), intent(inout) :: a(G%isd:, G%jsd:)
    a(G%isd, :) = a(G%iec, :)
    a(G%ied, :) = a(G%isc, :)
    a(:, G%jsd) = a(:, G%jec)
    a(:, G%jed) = a(:, G%jsc)
  end subroutine pass_var

  subroutine continuity(u, v, hin, hout, G, dt)
    type(grid_type), intent(in) :: G
    real(dp), intent(in) :: u(G%IsdB:, G%jsd:), v(G%isd:, G%JsdB:)
    real(dp), intent(in) :: hin(G%isd:, G%jsd:), dt
    real(dp), intent(inout) :: hout(G%isd:, G%jsd:)
    real(dp) :: uh(G%IsdB:G%IedB, G%jsd:G%jed), vh(G%isd:G%ied, G%JsdB:G%JedB)
    integer :: i, j
    do j = G%jsc, G%jec
      do i = G%isc - 1, G%iec
        uh(i, j) = max(u(i,j), 0.0_dp)*hin(i,j) + min(u(i,j), 0.0_dp)*hin(i+1,j)
      end do
    end do
    do j = G%jsc - 1, G%jec
      do i = G%isc, G%iec
        vh(i, j) = max(v(i,j), 0.0_dp)*hin(i,j) + min(v(i,j), 0.0_dp)*hin(i,j+1)
      end do
    end do
    do j = G%jsc, G%jec
      do i = G%isc, G%iec
        hout(i,j) = G%mask2dT(i,j)*(hin(i,j) - dt*((uh(i,j) - uh(i-1,j))/G%dx + (vh(i,j) - vh(i,j-1))/G%dy))
      end do
    end do
  end subroutine continuity

  subroutine step_mom(CS, G, dt, drag)
    type(state_type), intent(inout) :: CS
    type(grid_type), intent(in) :: G
    real(dp), intent(in) :: dt, drag
    integer :: n0, n1, i, j
    n0 = CS%cur; n1 = 3 - n0
    call pass_var(CS%h(:,:,n0), G)
    call continuity(CS%u, CS%v, CS%h(:,:,n0), CS%h(:,:,n1), G, dt)
    call pass_var(CS%h(:,:,n1), G)
    do j = G%jsc, G%jec
      do i = G%isc, G%iec - 1
        CS%u(i,j) = CS%u(i,j) - dt*(CS%h(i+1,j,n1) - CS%h(i,j,n1))/G%dx - dt*drag*CS%u(i,j)*abs(CS%u(i,j))
      end do
    end do
    CS%cur = n1
  end subroutine step_mom

  subroutine run_mom(ni, nj, h0, u0, drag, nt, cost)
    integer, intent(in) :: ni, nj, nt
    real(dp), intent(in) :: h0(ni, nj), u0(ni, nj), drag
    real(dp), intent(out) :: cost
    type(grid_type) :: G
    type(state_type) :: CS
    integer :: it
    call grid_setup(G, ni, nj)
    call state_init(CS, G, h0, u0)
    do it = 1, nt
      call step_mom(CS, G, 0.1_dp, drag)
    end do
    associate (h => CS%h(G%isc:G%iec, G%jsc:G%jec, CS%cur))
      cost = sum(h**2) + sum(CS%u(G%isc:G%iec, G%jsc:G%jec)**2)
    end associate
  end subroutine run_mom
end module mom_state
