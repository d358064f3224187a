! Cell tags in an allocatable character array of fixed length
! (character(len=4), allocatable :: tags(:)), freed and allocated again
! in each step of a binomially checkpointed time loop: the tape keeps
! their codes where DEALLOCATE drops them, the snapshots their
! allocation and codes.
subroutine model(u, n, nt, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  character(len=4), allocatable :: tags(:)
  integer :: it, i
  cost = 0
  do it = 1, nt
    if (allocated(tags)) deallocate(tags)
    allocate(tags(n))
    tags = 'wet'
    if (mod(it, 2) == 0) tags(2) = 'dry'
    do i = 1, n
      if (tags(i) == 'wet') u(i) = u(i) - 0.1d0*u(i)**2
    end do
    cost = cost + sum(u**2)
  end do
end subroutine
