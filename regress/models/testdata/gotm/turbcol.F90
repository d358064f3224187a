#include"cppdefs.h"
! A column of GOTM's turbulence closure, stepped nt times under fixed
! stratification NN and shear SS: the sensitivity of the column's mixing
! to the forcing and to the initial turbulent state. The objective is
! the depth-weighted sum of the eddy viscosity and diffusivity.
module turb_col
  implicit none
  private
  public col_run, col_setup
contains
  subroutine col_run(nlev, nt, dt, h, NN, SS, tke0, eps0, cost)
    use turbulence, only: do_turbulence, tke, tkeo, eps, L, num, nuh, nus, kb, epsb, P, B, Pb, Px, PSTK, &
      cmue1, cmue2, cmue3, cde, cm0, k_min, eps_min
    integer, intent(in) :: nlev, nt
    REALTYPE, intent(in) :: dt
    REALTYPE, intent(in) :: h(0:nlev), NN(0:nlev), SS(0:nlev), tke0(0:nlev), eps0(0:nlev)
    REALTYPE, intent(out) :: cost
    REALTYPE :: depth, u_taus, u_taub, z0s, z0b
    integer :: it, i
    depth = sum(h(1:nlev))
    u_taus = 1.0d-2
    u_taub = 5.0d-3
    z0s = 0.1d0
    z0b = 0.01d0
    ! The closure's state is module data that each step reads: set all
    ! of it from the initial state, so that the run is a function of its
    ! arguments alone.
    tke = tke0
    tkeo = tke0
    eps = eps0
    L = cde*sqrt(tke0)**3/eps0
    cmue1 = cm0
    cmue2 = cm0
    cmue3 = cm0
    num = cm0*sqrt(tke0)*L
    nuh = num
    nus = num
    kb = k_min
    epsb = eps_min
    P = 0.0d0
    B = 0.0d0
    Pb = 0.0d0
    Px = 0.0d0
    PSTK = 0.0d0
    do it = 1, nt
      call do_turbulence(nlev, dt, depth, u_taus, u_taub, z0s, z0b, h, NN, SS)
    end do
    cost = 0.0d0
    do i = 1, nlev - 1
      cost = cost + (dble(i)/nlev)*(num(i) + 2.0d0*nuh(i))
    end do
  end subroutine col_run

  ! The closure reads its constants from gotmturb.nml: the setup writes
  ! one with GOTM's defaults (every group empty) and initialises the
  ! module for the column.
  subroutine col_setup(nlev, nt, dt, h, NN, SS, tke0, eps0, cost)
    use turbulence, only: init_turbulence, clean_turbulence, tke
    use mtridiagonal, only: init_tridiagonal, clean_tridiagonal
    integer, intent(in) :: nlev, nt
    REALTYPE, intent(in) :: dt
    REALTYPE, intent(in) :: h(0:nlev), NN(0:nlev), SS(0:nlev), tke0(0:nlev), eps0(0:nlev)
    REALTYPE, intent(in) :: cost
    integer :: u
    open(newunit=u, file='gotmturb.nml', status='replace', action='write')
    write(u, '(a)') '&turbulence /', '&bc /', '&turb_param /', '&generic /', '&keps /', '&my /', '&scnd /', '&iw /'
    close(u)
    if (allocated(tke)) call clean_turbulence()
    call init_turbulence(91, 'gotmturb.nml', nlev)
    call clean_tridiagonal()
    call init_tridiagonal(nlev)
  end subroutine col_setup
end module turb_col
