module diffuse_omp
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine diffuse(n, nt, nu, u, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: nu
    real(wp), intent(inout) :: u(n)
    real(wp), intent(out) :: cost
    real(wp) :: unew(n)
    integer :: i, it
    do it = 1, nt
      block
        real(wp) :: coef(3), s
        s = nu/(1.0_wp + nu)
        coef = [s, 1.0_wp - 2.0_wp*s, s]
        !$omp parallel do
        do i = 2, n - 1
          unew(i) = coef(1)*u(i-1) + coef(2)*u(i) + coef(3)*u(i+1) - 0.01_wp*u(i)**3
        end do
        !$omp end parallel do
      end block
      u(2:n-1) = unew(2:n-1)
    end do
    cost = sum(u**2)
  end subroutine diffuse
end module diffuse_omp
