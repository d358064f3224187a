module mc_kinds
  implicit none
  integer, parameter :: r8 = selected_real_kind(12)
end module mc_kinds

module network_mod
  use mc_kinds
  implicit none
  integer, parameter :: nreach = 6
  type reach_t
    integer :: down = 0
    integer :: nup = 0
    real(r8) :: length, slope, width
    real(r8) :: qin, qout, qlat
  end type reach_t
  type(reach_t), save :: reach(nreach)
  real(r8) :: mann(nreach) = 0.035_r8
  real(r8) :: xmusk = 0.2_r8
contains
  subroutine build_network()
    integer :: i
    integer :: dn(nreach)
    data dn /3, 3, 6, 5, 6, 0/
    do i = 1, nreach
      reach(i)%down = dn(i)
      reach(i)%length = 2000.0_r8 + 500.0_r8 * i
      reach(i)%slope = 1.0e-3_r8 / real(i, r8)
      reach(i)%width = 5.0_r8 + 3.0_r8 * i
      reach(i)%nup = 0
    end do
    do i = 1, nreach
      if (reach(i)%down > 0) reach(reach(i)%down)%nup = reach(reach(i)%down)%nup + 1
    end do
  end subroutine build_network

  subroutine topo_order(order)
    integer, intent(out) :: order(nreach)
    integer :: indeg(nreach), n, i, j, pass
    indeg = reach(:)%nup
    n = 0
    pass = 0
    do while (n < nreach)
      pass = pass + 1
      do i = 1, nreach
        if (indeg(i) /= 0) cycle
        n = n + 1
        order(n) = i
        indeg(i) = -1
        j = reach(i)%down
        if (j > 0) indeg(j) = indeg(j) - 1
      end do
      if (pass > nreach) exit
    end do
  end subroutine topo_order

  pure function celerity(q, w, s, n) result(c)
    real(r8), intent(in) :: q, w, s, n
    real(r8) :: c, d
    d = (q * n / (w * sqrt(s)))**0.6_r8
    c = (5.0_r8/3.0_r8) * sqrt(s) / n * d**(2.0_r8/3.0_r8)
  end function celerity

  subroutine celerity_s(q, w, s, n, c)
    real(r8), intent(in) :: q, w, s
    real(r8), value :: n
    real(r8), intent(out) :: c
    c = celerity(q, w, s, n)
  end subroutine celerity_s

  subroutine route_mc(dt, order, qsum)
    real(r8), intent(in) :: dt
    integer, intent(in) :: order(nreach)
    real(r8), intent(out), optional :: qsum
    real(r8) :: ck, k, x, c0, c1, c2, denom, qin_new
    real(r8), save :: qin_old(nreach) = 0.0_r8
    integer :: ii, i, j
    real(r8) :: qup(nreach)
    qup = 0.0_r8
    do ii = 1, nreach
      i = order(ii)
      qin_new = qup(i) + reach(i)%qlat
      call celerity_s(max(reach(i)%qout, 0.01_r8), reach(i)%width, reach(i)%slope, mann(i), ck)
      k = reach(i)%length / ck
      x = xmusk
      denom = 2.0_r8*k*(1.0_r8 - x) + dt
      c0 = (dt - 2.0_r8*k*x) / denom
      c1 = (dt + 2.0_r8*k*x) / denom
      c2 = (2.0_r8*k*(1.0_r8 - x) - dt) / denom
      reach(i)%qout = max(c0*qin_new + c1*reach(i)%qin + c2*reach(i)%qout, 0.0_r8)
      reach(i)%qin = qin_new
      j = reach(i)%down
      if (j > 0) qup(j) = qup(j) + reach(i)%qout
    end do
    if (present(qsum)) qsum = sum(reach(:)%qout)
    qin_old = reach(:)%qin
  end subroutine route_mc

  subroutine calib_routing(nt, qlat, q0, qobs, sse)
    integer, intent(in) :: nt
    real(r8), intent(in) :: qlat(nreach, nt), q0(nreach), qobs(nt)
    real(r8), intent(out) :: sse
    integer :: order(nreach), it, iout
    call build_network()
    call topo_order(order)
    reach(:)%qout = q0
    reach(:)%qin = q0
    iout = order(nreach)
    sse = 0.0_r8
    do it = 1, nt
      reach(:)%qlat = qlat(:, it)
      call route_mc(3600.0_r8, order)
      sse = sse + (reach(iout)%qout - qobs(it))**2 + 1.0e-3_r8 * celerity(reach(1)%qout, 10.0_r8, 1.0e-3_r8, mann(1))
    end do
  end subroutine calib_routing
end module network_mod
