! Implicit steps solved by a fixed-point iteration, in a time loop
! checkpointed binomially, and a region checkpointed as a whole.
subroutine model(u, q, n, nt, j)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: q(n)
  real(8), intent(out) :: j
  real(8) :: uold(n), unew(n), err
  integer :: t
  j = 0
  time: do t = 1, nt
    uold = u
    err = 1
    solve: do while (err > 1.0d-12)
      unew = uold + 0.1d0*(q - u**3)
      err = maxval(abs(unew - u))
      u = unew
    end do solve
    !$fadj checkpoint begin cost
    j = j + sum(u**2)
    u = u*0.99d0
    !$fadj checkpoint end cost
  end do time
end subroutine model
