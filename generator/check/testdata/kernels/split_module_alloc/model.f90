! (split_module_alloc) 1-D advection-diffusion whose state is ALLOCATABLE
! module arrays (c, cold, allocated by init_state), reversed with calls:
! split under a binomially checkpointed time loop: foo_fwd records and
! foo_bwd restores their allocation and values, and a split call saves
! and restores them around it (rejected before).
module adv_state
  implicit none
  integer :: n = 16, nt = 12
  real(8), allocatable :: c(:), cold(:)
  real(8) :: kappa = 0.05d0, vel = 0.7d0, dx = 1.0d0/16, dt = 0.02d0
  type params_t
    real(8) :: decay
    real(8) :: source(16)
  end type
  type(params_t) :: prm
contains
  subroutine init_state(c0)
    real(8), intent(in) :: c0(:)
    if (allocated(c)) deallocate(c)
    if (allocated(cold)) deallocate(cold)
    allocate(c(n), cold(n))
    c = c0
    cold = c0
  end subroutine

  subroutine upwind_flux(f)
    real(8), intent(out) :: f(:)
    real(8), allocatable :: cl(:)
    allocate(cl(n))
    cl = cshift(c, -1)
    f = vel*cl
    where (c > 1.5d0) f = f*0.9d0
    deallocate(cl)
  end subroutine

  subroutine diffuse()
    real(8), allocatable :: lap(:)
    integer :: i
    allocate(lap(n))
    do i = 1, n
      lap(i) = c(modulo(i-2, n)+1) - 2*c(i) + c(modulo(i, n)+1)
    end do
    c = c + dt*kappa/dx**2*lap
    deallocate(lap)
  end subroutine

  subroutine step(diag)
    real(8), intent(inout) :: diag
    real(8) :: f(n)
    cold = c
    call upwind_flux(f)
    c = c - dt/dx*(f - cshift(f, -1)) + dt*prm%source - dt*prm%decay*c**2
    call diffuse()
    diag = diag + sum(c**2)*dt
  end subroutine
end module

subroutine run_model(c0, src, decay, j)
  use adv_state
  implicit none
  real(8), intent(in) :: c0(16), src(16), decay
  real(8), intent(out) :: j
  real(8) :: diag
  integer :: it
  prm%decay = decay
  prm%source = src
  call init_state(c0)
  diag = 0
  time: do it = 1, nt
    call step(diag)
    if (maxval(c) > 50d0) exit time
  end do time
  j = diag + 0.5d0*sum((c - cold)**2)
end subroutine
