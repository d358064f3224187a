module barotropic
  implicit none
  integer, parameter :: dp = kind(1.d0)
  integer :: nx, ny
  real(dp), parameter :: omega = 1.5_dp
contains
  ! Periodic 5-point Laplacian with modulo neighbours.
  subroutine sor_solve(psi, zeta, tol, iters)
    real(dp), intent(inout), contiguous, target :: psi(:,:)
    real(dp), intent(in) :: zeta(:,:), tol
    integer, intent(out) :: iters
    real(dp), pointer :: flat(:,:)
    real(dp) :: res(size(psi,1), size(psi,2)), rnorm, gs
    integer :: i, j, ip, im, jp, jm
    iters = 0
    rnorm = huge(1._dp)
    sweep: do while (rnorm > tol .and. iters < 500)
      iters = iters + 1
      do j = 1, ny
        jp = modulo(j, ny) + 1
        jm = modulo(j - 2, ny) + 1
        do i = 1, nx
          ip = modulo(i, nx) + 1
          im = modulo(i - 2, nx) + 1
          gs = 0.25_dp*(psi(ip,j) + psi(im,j) + psi(i,jp) + psi(i,jm) - zeta(i,j))
          psi(i,j) = (1._dp - omega)*psi(i,j) + omega*gs
        end do
      end do
      do j = 1, ny
        do i = 1, nx
          res(i,j) = psi(modulo(i,nx)+1,j) + psi(modulo(i-2,nx)+1,j) + psi(i,modulo(j,ny)+1) &
                   + psi(i,modulo(j-2,ny)+1) - 4._dp*psi(i,j) - zeta(i,j)
        end do
      end do
      rnorm = maxval(abs(res))
    end do sweep
    ! remove the mean (the periodic problem fixes psi up to a constant)
    flat => psi
    flat = flat - sum(flat)/(nx*ny)
  end subroutine sor_solve

  subroutine run(mx, my, zeta0, beta, nt, dt, energy)
    integer, intent(in) :: mx, my, nt
    real(dp), intent(in) :: zeta0(mx, my), beta, dt
    real(dp), intent(out) :: energy
    real(dp), allocatable :: zeta(:,:,:), psi(:,:), u(:,:), v(:,:)
    integer :: it, nm1, n0, np1, iters
    nx = mx; ny = my
    allocate(zeta(nx, ny, 0:2), psi(nx, ny), u(nx, ny), v(nx, ny))
    psi = 0._dp
    zeta(:,:,0) = zeta0 - sum(zeta0)/(nx*ny)
    zeta(:,:,1) = zeta(:,:,0)
    do it = 1, nt
      nm1 = mod(it + 2, 3); n0 = mod(it, 3); np1 = mod(it + 1, 3)
      call sor_solve(psi, zeta(:,:,n0), 1.0e-12_dp, iters)
      u = -(cshift(psi, 1, dim=2) - cshift(psi, -1, dim=2))*0.5_dp
      v = (cshift(psi, 1, dim=1) - cshift(psi, -1, dim=1))*0.5_dp
      zeta(:,:,np1) = zeta(:,:,nm1) - 2._dp*dt*( &
          u*(cshift(zeta(:,:,n0), 1, dim=1) - cshift(zeta(:,:,n0), -1, dim=1))*0.5_dp &
        + v*(cshift(zeta(:,:,n0), 1, dim=2) - cshift(zeta(:,:,n0), -1, dim=2))*0.5_dp + beta*v)
      zeta(:,:,n0) = zeta(:,:,n0) + 0.05_dp*(zeta(:,:,nm1) - 2._dp*zeta(:,:,n0) + zeta(:,:,np1))
    end do
    energy = 0.5_dp*sum(u**2 + v**2) + sum(zeta(:,:,mod(nt+1,3))**2)
  end subroutine run
end module barotropic
