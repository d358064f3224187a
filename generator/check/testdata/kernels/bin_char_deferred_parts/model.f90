! The model of char_deferred_parts, its time loop checkpointed
! binomially: the snapshots hold the tags array and the type's name
! component with their allocations, bounds and lengths (the restores
! reallocate them typed, allocate(character(len=fadj_snc) :: ...)).
module names
  implicit none
  type :: scheme_t
    character(len=:), allocatable :: name
    real(8) :: c
  end type
contains
  subroutine pick(s, k)
    character(len=:), allocatable, intent(out) :: s
    integer, intent(in) :: k
    if (k == 1) then
      s = 'upwind'
    else
      s = 'lax-wendroff'
    end if
  end subroutine
end module

subroutine arr(u, n, nt, cost)
  use names
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  character(len=:), allocatable :: tags(:)
  character(len=:), allocatable :: mode
  type(scheme_t) :: sch
  integer :: it, i
  allocate(character(len=4) :: tags(n))
  tags = 'wet'
  tags(1) = 'dry'
  cost = 0
  do it = 1, nt
    call pick(mode, mod(it, 2))
    sch%name = mode
    sch%c = 0.1d0
    do i = 1, n
      if (tags(lbound(tags, 1) + i - 1) == 'wet' .and. sch%name == 'upwind') then
        u(i) = u(i) - sch%c*u(i)**2
      else
        u(i) = u(i)*0.99d0 + 0.01d0*sin(u(i))
      end if
    end do
    if (it == 2) then
      deallocate(tags)
      allocate(character(len=8) :: tags(0:n-1))
      tags = 'dry'
      tags(2) = 'wet'
    end if
    deallocate(mode)
    cost = cost + sum(u**2)
  end do
end subroutine
