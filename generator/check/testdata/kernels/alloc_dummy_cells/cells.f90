! Box-model cells passed as an ALLOCATABLE array of a derived type (a
! mesh the caller allocates), with a scalar ALLOCATABLE diagnostics
! record.
module boxes
  implicit none
  type cell_t
    real(8) :: vol
    real(8) :: conc
  end type cell_t
  type diag_t
    real(8) :: total
  end type diag_t
contains
  subroutine mix(cells, rate, diag)
    type(cell_t), allocatable, intent(inout) :: cells(:)
    real(8), intent(in) :: rate
    type(diag_t), allocatable, intent(inout) :: diag
    integer :: i, n
    real(8) :: ex
    n = size(cells)
    do i = 1, n - 1
      ex = rate * (cells(i+1)%conc - cells(i)%conc)
      cells(i)%conc = cells(i)%conc + ex / cells(i)%vol
      cells(i+1)%conc = cells(i+1)%conc - ex / cells(i+1)%vol
    end do
    diag%total = sum(cells%conc * cells%vol) + sum(cells%conc**2)
  end subroutine mix
end module boxes
