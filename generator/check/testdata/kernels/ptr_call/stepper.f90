! A model's time loop stepping its state through pointers: the state
! view p => u is passed to the step routine, the TARGET u itself is
! passed while p still aliases it, and a pointer to a section of a work
! array is passed with an element read through another pointer. The
! shifts leave the callee's adjoint nothing to restore: the code before
! reads the values they change under another name.
module ptr_stepper
  implicit none
contains
subroutine step(v, n, dt)
  integer, intent(in) :: n
  real(8), intent(inout) :: v(n)
  real(8), intent(in) :: dt
  real(8) :: tmp(n)
  integer :: i
  tmp = v
  do i = 2, n - 1
    v(i) = tmp(i) + dt*(tmp(i-1) - 2*tmp(i) + tmp(i+1))*tmp(i)
  end do
  v(1) = tmp(1)*cos(tmp(n))
end subroutine

subroutine shift(v, n, c)
  integer, intent(in) :: n
  real(8), intent(inout) :: v(n)
  real(8), intent(in) :: c
  v = v + c
end subroutine

subroutine scale(v, n, a)
  integer, intent(in) :: n
  real(8), intent(inout) :: v(n)
  real(8), intent(in) :: a
  v = v*a + sin(v)
end subroutine

subroutine run(u, n, cost)
  integer, intent(in) :: n
  real(8), intent(inout), target :: u(n)
  real(8), intent(out) :: cost
  real(8), target :: w(n)
  real(8), pointer :: p(:), q(:), e
  w = u**2
  p => u
  q => w(2:n)
  e => u(2)
  call step(p, n, 0.1d0)
  cost = sum(p**3) + e**2
  call shift(u, n, 0.5d0)
  call step(u, n, 0.2d0)
  cost = cost + sum(u(1:n-1)*sin(p(2:n)))
  call step(p, n, 0.3d0)
  call scale(q, n - 1, p(1))
  call scale(p(2:n), n - 1, e)
  cost = cost + sum(q**2)
  call shift(w, n, 0.1d0)
  cost = cost + sum(w*p) + q(1)*u(2)
end subroutine

! The buffer swap of a time loop: old and new re-associated each step
! (replayed in the backward sweep) and passed to an intent(in) and an
! intent(out) dummy.
subroutine advance(old, new, n, dt)
  integer, intent(in) :: n
  real(8), intent(in) :: old(n)
  real(8), intent(out) :: new(n)
  real(8), intent(in) :: dt
  integer :: i
  new(1) = old(1)
  new(n) = old(n)*old(1)
  do i = 2, n - 1
    new(i) = old(i) + dt*(old(i-1) - 2*old(i) + old(i+1))*old(i)
  end do
end subroutine

subroutine swap_run(u, n, cost)
  integer, intent(in) :: n
  real(8), intent(inout), target :: u(n)
  real(8), intent(out) :: cost
  real(8), target :: w(n)
  real(8), pointer :: old(:), new(:)
  integer :: t
  w = 0
  cost = 0
  do t = 1, 5
    if (mod(t, 2) == 1) then
      old => u
      new => w
    else
      old => w
      new => u
    end if
    call advance(old, new, n, 0.1d0)
    cost = cost + sum(new**2)*old(2)
  end do
  u = old + u
end subroutine
end module ptr_stepper
