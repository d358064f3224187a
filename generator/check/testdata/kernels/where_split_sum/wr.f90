! Distribute a melt flux over the wet cells, weighted by each cell's
! share of the melt potential computed under the same mask; the dry
! cells get a fixed fraction of the mean potential.
subroutine melt(h, q, n, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: h(n), q
  real(8), intent(out) :: cost
  real(8) :: t(n), u(n)
  t = 0.1d0
  u = 0d0
  where (h > 0.5d0)
    t = h**2 + q*h
    u = q*t/sum(t)
    t = t*maxval(u)
  elsewhere
    u = 0.1d0*sum(t)/n
  end where
  cost = sum(u**2) + sum(t*u)
end subroutine melt
