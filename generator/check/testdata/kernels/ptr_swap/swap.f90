! The buffer swap of time-stepping codes: two TARGET arrays, pointers
! old and new exchanged each step (pointer association inside the time
! loop), the stencil read through one and written through the other, a
! pointer to the final buffer after the loop, and a NULLIFY.
module diffusion
  implicit none
contains
  subroutine steps(u0, kappa, n, nt, energy)
    integer, intent(in) :: n, nt
    real(8), intent(inout) :: u0(n)
    real(8), intent(in) :: kappa
    real(8), intent(out) :: energy
    real(8), target :: a(n), b(n)
    real(8), pointer :: old(:), new(:), last(:)
    integer :: it, i
    a = u0
    b = 0
    old => a
    new => b
    do it = 1, nt
      new(1) = old(1)
      new(n) = old(n)
      do i = 2, n - 1
        new(i) = old(i) + kappa*(old(i-1) - 2*old(i) + old(i+1))*(1 + 0.1d0*old(i)**2)
      end do
      if (mod(it, 2) == 1) then
        old => b
        new => a
      else
        old => a
        new => b
      end if
    end do
    last => old
    energy = sum(last**2)
    nullify(last)
    u0 = old
  end subroutine
end module diffusion
