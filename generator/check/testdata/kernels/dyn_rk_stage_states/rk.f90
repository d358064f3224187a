module sw_types
  implicit none
  integer, parameter :: dp = kind(1.d0)
  type :: swstate
    real(dp), allocatable :: h(:), u(:)
  end type swstate
contains
  subroutine tendency(s, n, g, dh, du)
    type(swstate), intent(in) :: s
    integer, intent(in) :: n
    real(dp), intent(in) :: g
    real(dp), intent(out) :: dh(0:), du(0:)
    integer :: i, ip, im
    do i = 1, n
      ip = modulo(i, n) + 1
      im = modulo(i - 2, n) + 1
      dh(i) = -0.5_dp*(s%h(ip)*s%u(ip) - s%h(im)*s%u(im))
      du(i) = -0.5_dp*(g*(s%h(ip) - s%h(im)) + 0.5_dp*(s%u(ip)**2 - s%u(im)**2))
    end do
  end subroutine tendency

  subroutine ssprk3(n, h0, u0, g, dt, nt, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: h0(n), u0(n), g, dt
    real(dp), intent(out) :: cost
    type(swstate) :: s(0:2)
    real(dp) :: dh(0:n), du(0:n)
    real(dp), parameter :: w(3) = [1.0_dp, 0.25_dp, 2.0_dp/3.0_dp]
    integer :: it, k
    do k = 0, 2
      allocate(s(k)%h(n), s(k)%u(n))
    end do
    s(0)%h = h0; s(0)%u = u0
    do it = 1, nt
      s(1) = s(0)
      do k = 1, 3
        call tendency(s(1), n, g, dh, du)
        s(2)%h = s(1)%h + dt*dh(1:n)
        s(2)%u = s(1)%u + dt*du(1:n)
        s(1)%h = (1.0_dp - w(k))*s(0)%h + w(k)*s(2)%h
        s(1)%u = (1.0_dp - w(k))*s(0)%u + w(k)*s(2)%u
      end do
      s(0) = s(1)
    end do
    cost = sum(s(0)%h**2) + 0.5_dp*sum(s(0)%h*s(0)%u**2)
  end subroutine ssprk3
end module sw_types
