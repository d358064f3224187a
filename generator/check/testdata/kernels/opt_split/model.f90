! The model of opt_args, with calls: split (step_fwd and step_bwd take
! keyword arguments where an optional one is absent).
! OPTIONAL arguments as library-style model code uses them: a relaxation
! step with an optional forcing and an optional diagnostic output, called
! with and without them (keywords), an optional passed on to another
! procedure's optional dummy, and a default taken when it is absent.
module relax
  implicit none
contains
  subroutine add_forcing(u, n, f)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in), optional :: f(n)
    if (present(f)) u = u + 0.1d0*f*u
  end subroutine

  subroutine step(u, n, w, f, energy)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    real(8), intent(in) :: w
    real(8), intent(in), optional :: f(n)
    real(8), intent(out), optional :: energy
    real(8) :: wk
    integer :: i
    do i = 2, n - 1
      u(i) = u(i) + w*(u(i-1) - 2*u(i) + u(i+1))
    end do
    call add_forcing(u, n, f)
    if (present(energy)) then
      energy = sum(u**2)
      if (present(f)) energy = energy + sum(f*u)
    end if
    wk = 1.0d0
    if (present(f)) wk = 1.0d0 + f(1)**2
    u(1) = u(1)*wk
  end subroutine
end module

subroutine model(u, n, f, cost)
  use relax
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: f(n)
  real(8), intent(out) :: cost
  real(8) :: e1, e2
  integer :: it
  cost = 0
  do it = 1, 3
    call step(u, n, 0.2d0, f, e1)
    call step(u, n, 0.1d0)
    call step(u, n, 0.3d0, energy=e2)
    cost = cost + e1 + 0.5d0*e2
  end do
  cost = cost + sum(u*f)
end subroutine
