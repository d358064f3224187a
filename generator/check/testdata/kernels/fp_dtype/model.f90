! fp_simple's SIMPLE-like pressure-velocity loop with its state in a
! derived-type variable (`st%u`, `st%p`, and an integer count of the
! iterations) and its relaxation factors in another (`alpha`, a
! parameter of the loop). The adjoint iteration runs on st_b, its
! copies variables of the type, its update and norm component by
! component over the real components.
module flow_state
  implicit none
  integer, parameter :: nc = 6
  type flow
    real(8) :: u(nc), p(nc)
    integer :: iters
  end type flow
  type relax
    real(8) :: u, p
  end type relax
end module flow_state

subroutine simple(s, m, u, p, w)
  use flow_state
  implicit none
  real(8), intent(in) :: s(nc), m(nc), w
  real(8), intent(out) :: u(nc), p(nc)
  type(flow) :: st
  type(relax) :: alpha
  real(8) :: a(nc), us(nc), pc(nc), gp(nc), res, eps
  integer :: i, it
  alpha%u = 0.7d0*w
  alpha%p = 0.5d0*w
  eps = 0.5d0
  st%u = 0
  st%p = 0
  st%iters = 0
  do it = 1, 2000
    gp(1) = st%p(1)
    do i = 2, nc
      gp(i) = st%p(i) - st%p(i - 1)
    end do
    a = 2 + 0.2d0*st%u**2
    us = (s - gp)/a
    do i = 1, nc - 1
      pc(i) = (us(i) - us(i + 1) - eps*st%p(i) - m(i))/(2/a(i) + eps)
    end do
    pc(nc) = (us(nc) - eps*st%p(nc) - m(nc))/(2/a(nc) + eps)
    res = maxval(abs(pc))
    st%p = st%p + alpha%p*pc
    st%u = (1 - alpha%u)*st%u + alpha%u*us
    st%iters = st%iters + 1
    if (res < 1.0d-14) exit
  end do
  u = st%u
  p = st%p
end subroutine
