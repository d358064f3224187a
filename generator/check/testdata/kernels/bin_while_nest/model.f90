! A DO WHILE inside a binomially checkpointed time loop, itself under
! binomial checkpointing: each outer step relaxes the state until a
! contraction e falls below a tolerance (18 inner steps, or the cap),
! its snapshots placed online during the one forward pass of the inner
! loop, then the inner steps reversed by revolve between them.
subroutine model(n, nt, u, y)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: y
  integer :: it, k
  real(8) :: e
  y = 0
  outer: do it = 1, nt
    e = 1
    k = 0
    relax: do while (e > 0.02d0 .and. k < 40)
      u = u + 0.03d0*(sin(u) - u*[u(2:n), u(1)])
      e = e*0.8d0
      k = k + 1
    end do relax
    y = y + sum(u**2)*k
  end do outer
end subroutine
