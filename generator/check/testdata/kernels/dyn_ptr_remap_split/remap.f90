module field_ops
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  ! Remove the mean of a periodic field through a rank-1 view of it.
  subroutine remove_mean(nx, ny, psi)
    integer, intent(in) :: nx, ny
    real(dp), intent(inout), contiguous, target :: psi(:,:)
    real(dp), pointer :: flat(:)
    flat(1:nx*ny) => psi
    flat = flat - sum(flat)/(nx*ny)
  end subroutine remove_mean

  subroutine smooth(nx, ny, q, cost)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: q(nx, ny)
    real(dp), intent(out) :: cost
    real(dp) :: psi(nx, ny)
    psi = q**2
    call remove_mean(nx, ny, psi)
    cost = sum(psi**2)
  end subroutine smooth
end module field_ops
