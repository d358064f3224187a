! A 2-D diffusion step whose two parallel loop nests have collapse(2).
! The first one's adjoint writes only its own (i, j) elements: its
! backward loop keeps collapse(2). The second one's adjoint increments
! the neighbours u_b(i-1, j) ... u_b(i, j+1): its backward loop is
! parallel over the outer index j, in two colours of blocks of columns.
subroutine diff2d(n, m, u, k, unew, e)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: u(n, m), k(n, m)
  real(8), intent(out) :: unew(n, m), e
  real(8) :: src(n, m), lap
  integer :: i, j
  e = 0.0d0
  !$omp parallel do collapse(2) reduction(+:e)
  do j = 1, m
    do i = 1, n
      src(i, j) = k(i, j) * u(i, j)**2
      e = e + src(i, j)
    end do
  end do
  !$omp end parallel do
  unew = u
  !$omp parallel do collapse(2) private(lap) schedule(static)
  do j = 2, m - 1
    do i = 2, n - 1
      lap = u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) - 4.0d0 * u(i, j)
      unew(i, j) = u(i, j) + 0.1d0 * k(i, j) * lap + 0.01d0 * src(i, j)
    end do
  end do
  !$omp end parallel do
end subroutine diff2d
