! A model's diagnostics layer in the F2003 style: a registry of named
! values of any type (CLASS(*), ALLOCATABLE components) that the driver
! fills, a context passed through the physics as CLASS(*), and the
! physics reporting its values to the diagnostics, which count their
! sizes. None of it is differentiated: the CLASS(*) values are never
! read back into the computation.
module diag_registry
  implicit none
  private
  public :: record_value, count_value, ndiag, nbytes
  integer, parameter :: ndiag = 4
  type entry_t
    character(len=16) :: key = ''
    class(*), allocatable :: val
  end type
  type(entry_t), save :: entries(ndiag)
  integer, save :: nbytes = 0
contains
  subroutine record_value(slot, key, v)
    integer, intent(in) :: slot
    character(len=*), intent(in) :: key
    class(*), intent(in) :: v
    entries(slot)%key = key
    if (allocated(entries(slot)%val)) deallocate(entries(slot)%val)
    allocate(entries(slot)%val, source=v)
  end subroutine record_value

  subroutine count_value(key, v)
    character(len=*), intent(in) :: key
    class(*), intent(in) :: v
    nbytes = nbytes + len_trim(key) + storage_size(v)/8
  end subroutine count_value
end module diag_registry

module column_physics
  use diag_registry, only: count_value
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine relax_column(ctx, t, n, tau, cost)
    class(*), intent(in) :: ctx
    integer, intent(in) :: n
    real(dp), intent(inout) :: t(n)
    real(dp), intent(in) :: tau
    real(dp), intent(out) :: cost
    integer :: k
    call count_value('nlev', n)
    do k = 2, n
      t(k) = t(k) + tau * (t(k-1) - t(k)) * exp(-0.1_dp * t(k))
    end do
    call count_value('surface', t(1))
    call count_value('context', ctx)
    cost = sum(t**2) / n
  end subroutine relax_column
end module column_physics
