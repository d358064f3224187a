! Nested checkpointed loops: an outer loop checkpointing each iteration
! (one snapshot per outer step), and in each outer step a sub-cycling
! loop reversed binomially, named by its line.
subroutine model(n, nout, nsub, u, c, e)
  implicit none
  integer, intent(in) :: n, nout, nsub
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: c
  real(8), intent(out) :: e
  real(8) :: du(n)
  integer :: k, j
  e = 0
  outer: do k = 1, nout
    du = 0
    do j = 1, nsub
      du(2:n) = du(2:n) + c*(u(1:n-1) - u(2:n))/nsub
      u = u + 0.1d0*du*u
    end do
    e = e + sum(u*du)
  end do outer
end subroutine
