! Binomial (3 snapshots, 14 steps) over a two-level state reached
! through pointers associated before the time loop (top => q(:, 1),
! bot => q(:, 2)), as models name the levels of a state array: the
! steps update the state through the pointers, which puts q in the
! snapshot sets: the snapshots hold q, the pointers nothing of their own.
subroutine model(n, nt, x, cost)
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: cost
  real(8), target :: q(n, 2)
  real(8), pointer :: top(:), bot(:)
  integer :: it
  q(:, 1) = x
  q(:, 2) = 0.5d0*x
  top => q(:, 1)
  bot => q(:, 2)
  cost = 0
  do it = 1, nt
    top = top - 0.1d0*top**2 + 0.05d0*[bot(2:n), bot(1)]
    bot = bot + 0.02d0*sin(top)
    cost = cost + sum(top**2) + bot(1)
  end do
  cost = cost + sum(q)
end subroutine
