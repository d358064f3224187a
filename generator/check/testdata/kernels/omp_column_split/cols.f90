! Columns prepared in place then handed to a column routine that
! iterates an implicit solve to convergence.
module colmod
  implicit none
contains
  subroutine implicit_col(nz, t, kap)
    integer, intent(in) :: nz
    real(8), intent(inout) :: t(nz)
    real(8), intent(in) :: kap
    integer :: k, it
    real(8) :: res
    it = 0
    res = 1.0d0
    do while (res > 1.0d-3 .and. it < 20)
      res = 0.0d0
      do k = 2, nz - 1
        res = res + abs(kap*(t(k-1) - 2.0d0*t(k) + t(k+1)))
        t(k) = t(k) + 0.3d0*kap*(t(k-1) - 2.0d0*t(k) + t(k+1))
      end do
      it = it + 1
    end do
  end subroutine implicit_col

  subroutine physics(nz, ncol, t, tin, kap)
    integer, intent(in) :: nz, ncol
    real(8), intent(inout) :: t(nz, ncol)
    real(8), intent(in) :: tin(nz, ncol), kap
    integer :: j, k
    !$omp parallel do private(k)
    do j = 1, ncol
      do k = 1, nz
        t(k, j) = 0.5d0*(t(k, j) + tin(k, j))**2
      end do
      call implicit_col(nz, t(:, j), kap)
      t(1, j) = t(1, j)*t(nz, j)
    end do
  end subroutine physics
end module colmod
