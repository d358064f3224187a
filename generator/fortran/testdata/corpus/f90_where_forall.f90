! Masked array assignment (WHERE / ELSEWHERE, single-statement WHERE)
! and FORALL (single statement and construct) on a small 2-D grid:
! Jacobi smoothing of a Laplace problem with a
! clipped source term.
program where_forall
  implicit none
  integer, parameter :: n = 6
  real :: g(n, n), gnew(n, n), src(n, n), mask_val(n, n)
  real :: v(10), w(10)
  integer :: i, j, it
  logical :: interior(n, n)

  ! FORALL statement and construct to initialise the grid
  forall (i = 1:n, j = 1:n) src(i, j) = real(i - j) / real(n)
  forall (i = 1:n, j = 1:n, i == j)
     g(i, j) = 1.0
  end forall
  forall (i = 1:n, j = 1:n, i /= j) g(i, j) = 0.0

  ! clip the source: keep positive part, flag negatives
  where (src > 0.0)
     mask_val = src
  elsewhere (src < 0.0)
     mask_val = -1.0
  elsewhere
     mask_val = 0.0
  end where
  write (*, '(a)') 'clipped source:'
  write (*, '(6f8.3)') (mask_val(i, :), i = 1, n)

  interior = .false.
  interior(2:n-1, 2:n-1) = .true.

  ! boundary values: top row hot, others cold
  g(1, :) = 1.0
  g(n, :) = 0.0
  g(:, 1) = 0.0
  g(:, n) = 0.0

  do it = 1, 20
     gnew = g
     forall (i = 2:n-1, j = 2:n-1)
        gnew(i, j) = 0.25 * (g(i-1, j) + g(i+1, j) + g(i, j-1) + g(i, j+1)) &
                   + 0.01 * src(i, j)
     end forall
     where (interior) g = gnew
  end do
  write (*, '(a)') 'grid after 20 sweeps:'
  do i = 1, n
     write (*, '(6f8.4)') g(i, :)
  end do

  ! 1-D masked operations with WHERE on expressions
  v = (/ (real(i) - 5.5, i = 1, 10) /)
  w = 0.0
  where (abs(v) < 2.0) w = v**2
  where (v >= 2.0)
     w = sqrt(v)
  elsewhere (v <= -2.0)
     w = -1.0
  end where
  write (*, '(10f7.3)') v
  write (*, '(10f7.3)') w
  write (*, '(a, i3, f9.4)') 'count/sum of positives:', count(w > 0.0), sum(w, mask=w > 0.0)

  ! FORALL with a stride, writing a checkerboard
  forall (i = 1:n:2) g(i, 1:n:2) = -1.0
  write (*, '(a, f8.4)') 'sum after checkerboard:', sum(g)
end program where_forall
