! A wave model keeping its complex state in a module: the amplitudes
! psi(:) and a complex coupling coefficient are module variables, set
! by the target from its real inputs, advanced by callees that read and
! write them (a phase rotation, a nonlinear step), and reduced to a real
! energy; `damp` takes them as arguments.
module wave_state
  implicit none
  integer, parameter :: nmax = 16
  complex(8) :: psi(nmax)
  complex(8) :: coupling
  real(8) :: dt = 0.05d0
contains
subroutine rotate(n)
  integer, intent(in) :: n
  integer :: j
  do j = 1, n
    psi(j) = psi(j)*exp(cmplx(0.0d0, dt*j, kind=8))
  end do
end subroutine

subroutine nonlinear(n)
  integer, intent(in) :: n
  integer :: j
  complex(8) :: tmp(nmax)
  tmp(1:n) = psi(1:n)
  do j = 2, n - 1
    psi(j) = tmp(j) + dt*coupling*(tmp(j-1) + tmp(j+1) - 2*tmp(j))*abs(tmp(j))**2
  end do
  coupling = coupling*(1 + dt*conjg(coupling))
end subroutine

subroutine damp(z, n, c)
  integer, intent(in) :: n
  complex(8), intent(inout) :: z(:)
  complex(8), intent(in) :: c
  z(1:n) = z(1:n)*(1 - 0.01d0*c*conjg(z(1:n)))
end subroutine

subroutine run(x, n, energy)
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: energy
  integer :: j, step
  do j = 1, n
    psi(j) = cmplx(x(j), 0.5d0*x(n+1-j), kind=8)
  end do
  coupling = cmplx(x(1)*x(2), 0.1d0, kind=8)
  do step = 1, 3
    call damp(psi, n, coupling)
    call rotate(n)
    call nonlinear(n)
    psi(1) = psi(1) + coupling*psi(n)
  end do
  energy = sum(real(psi(1:n)*conjg(psi(1:n)), 8)) + abs(coupling)
end subroutine

subroutine advance(n)
  integer, intent(in) :: n
  call rotate(n)
  call nonlinear(n)
  coupling = coupling + sum(psi(1:n))*dt
end subroutine
end module wave_state
