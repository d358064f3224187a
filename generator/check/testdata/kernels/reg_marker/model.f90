! A region between comment markers, checkpointed as a whole each time
! a time loop runs it (region: model::physics, a snapshot per visit),
! around a checkpointed call (two levels): the markers need no edit of
! the statements themselves.
subroutine source(n, u, q, s)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n), q
  real(8), intent(out) :: s(n)
  s = q*u/(1 + u**2)
end subroutine
subroutine model(n, nt, u, q, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: q
  real(8), intent(out) :: j
  real(8) :: s(n)
  integer :: it
  j = 0
  do it = 1, nt
    !$fadj checkpoint begin physics
    call source(n, u, q, s)
    u = u + 0.05d0*(s - u*[u(2:n), u(1)])
    j = j + sum(u**2)/it
    !$fadj checkpoint end physics
  end do
end subroutine
