module module_driver
  use module_kinds
  use module_comm
  use module_pbl
  implicit none
  type domain
    integer :: id, max_dom, itimestep
    real(kind_phys), pointer :: t_2(:,:,:) => null()
    real(kind_phys), pointer :: qv(:,:,:) => null()
    real(kind_phys), pointer :: rthblten(:,:,:) => null()
    real(kind_phys), pointer :: rqvblten(:,:,:) => null()
    real(kind_phys), allocatable :: dz8w(:,:,:)
    real(kind_phys), allocatable :: u_2(:,:,:), v_2(:,:,:), w_2(:,:,:), ph_2(:,:,:)
    real(kind_phys) :: dt, xtime
    integer, allocatable :: landmask(:,:)
    character(len=80) :: name
  end type domain
contains
  subroutine pbl_driver(t, qv, rthblten, rqvblten, dz8w, bl_pbl_physics, &
                     ids, ide, jds, jde, kds, kde, &
                     ims, ime, jms, jme, kms, kme, &
                     its, ite, jts, jte, kts, kte)
    integer, intent(in) :: bl_pbl_physics
    integer, intent(in) :: ids, ide, jds, jde, kds, kde, ims, ime, jms, jme, kms, kme, &
                           its, ite, jts, jte, kts, kte
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(in) :: t, qv, dz8w
    real(kind_phys), dimension(ims:ime, kms:kme, jms:jme), intent(inout) :: rthblten, rqvblten
    select case (bl_pbl_physics)
    case (1)
      call pbl_ysu(t, qv, rthblten, rqvblten, dz8w, ids, ide, jds, jde, kds, kde, &
                   ims, ime, jms, jme, kms, kme, its, ite, jts, jte, kts, kte)
    case (5)
      call pbl_mynn(t, rthblten, ims, ime, jms, jme, kms, kme, its, ite, jts, jte, kts, kte)
#ifdef WRF_CHEM
      call pbl_ysu(t, qv, rthblten, dz8w=dz8w, ids=ids, ide=ide, jds=jds, jde=jde, kds=kds, kde=kde, &
                   ims=ims, ime=ime, jms=jms, jme=jme, kms=kms, kme=kme, its=its, ite=ite, &
                   jts=jts, jte=jte, kts=kts, kte=kte)
#endif
    case default
      call wrf_debug(0, 'no pbl')
    end select
  end subroutine pbl_driver

  subroutine solve_em(n, nk, nsteps, t0, qv0, cost)
    integer, intent(in) :: n, nk, nsteps
    real(kind_phys), intent(in) :: t0(n, nk, n), qv0(n, nk, n)
    real(kind_phys), intent(out) :: cost
    type(domain), target :: grid
    real(kind_phys), pointer :: t(:,:,:)
    integer :: it, i, j, k
    allocate(grid%t_2(0:n+1, nk, 0:n+1), grid%qv(0:n+1, nk, 0:n+1))
    allocate(grid%rthblten(0:n+1, nk, 0:n+1), grid%rqvblten(0:n+1, nk, 0:n+1))
    allocate(grid%dz8w(0:n+1, nk, 0:n+1), grid%landmask(0:n+1, 0:n+1))
    grid%dt = 10.0_kind_phys
    grid%landmask = 0
    grid%landmask(1:n/2, :) = 1
    do j = 0, n+1
      do k = 1, nk
        do i = 0, n+1
          grid%dz8w(i,k,j) = 50.0_kind_phys + 10.0_kind_phys*k + real(mod(i+j,3), kind_phys)
        end do
      end do
    end do
    grid%t_2 = 280.0_kind_phys
    grid%qv = 0.0_kind_phys
    grid%t_2(1:n, :, 1:n) = t0
    grid%qv(1:n, :, 1:n) = qv0
    do it = 1, nsteps
      grid%rthblten = 0.0_kind_phys
      grid%rqvblten = 0.0_kind_phys
      call halo_exchange(grid%t_2, 0, n+1, 1, nk, 0, n+1)
      call pbl_driver(grid%t_2, grid%qv, grid%rthblten, grid%rqvblten, grid%dz8w, 1, &
                      1, n+1, 1, n+1, 1, nk+1, 0, n+1, 0, n+1, 1, nk, 1, n, 1, n, 1, nk)
      call pbl_driver(grid%t_2, grid%qv, grid%rthblten, grid%rqvblten, grid%dz8w, 5, &
                      1, n+1, 1, n+1, 1, nk+1, 0, n+1, 0, n+1, 1, nk, 1, n, 1, n, 1, nk)
      t => grid%t_2(1:n, :, 1:n)
      t = t + grid%dt*grid%rthblten(1:n, :, 1:n)
      grid%qv(1:n, :, 1:n) = grid%qv(1:n, :, 1:n) + grid%dt*grid%rqvblten(1:n, :, 1:n)
      where (grid%landmask(1:n, 1:n) == 1)
        grid%qv(1:n, 1, 1:n) = grid%qv(1:n, 1, 1:n)*0.99_kind_phys
      end where
    end do
    cost = sum(grid%t_2(1:n, :, 1:n)**2)*1.0e-4_kind_phys + sum(grid%qv(1:n,:,1:n))
    deallocate(grid%t_2, grid%qv, grid%rthblten, grid%rqvblten, grid%dz8w, grid%landmask)
  end subroutine solve_em
end module module_driver
