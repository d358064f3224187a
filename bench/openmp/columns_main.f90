! Driver of bench/openmp/columns.sh: the reverse-mode adjoint of the
! omp_column_calls kernel (generator/check/testdata/kernels) on ncol
! columns of nz levels (the arguments, default 60 and 50,000). Each of
! reps rounds times the primal and the adjoint on 1 thread, then on 2
! (omp_set_num_threads), from the same state, so that both see the same
! load of a shared machine; prints per thread count the least and the
! median wall times and a checksum of the adjoint (the same on 1 and 2
! threads, up to rounding).
program columns_main
  use omp_lib
  implicit none
  integer, parameter :: reps = 7
  integer :: nz, ncol, i, j, r, th
  real(8), allocatable :: t0(:, :), q0(:, :), t(:, :), q(:, :), t_b(:, :), q_b(:, :), w(:), w_b(:)
  real(8) :: kappa, kappa_b, tp(reps, 2), ta(reps, 2), s, sums(2)
  character(32) :: arg
  nz = 60
  ncol = 50000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nz
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) ncol
  end if
  allocate(t0(nz, ncol), q0(nz, ncol), t(nz, ncol), q(nz, ncol), t_b(nz, ncol), q_b(nz, ncol), w(nz), w_b(nz))
  do j = 1, ncol
    do i = 1, nz
      t0(i, j) = 280.0d0 + 10.0d0*sin(0.1d0*i + 0.001d0*j)
      q0(i, j) = 0.01d0 + 0.005d0*cos(0.2d0*i - 0.003d0*j)
    end do
  end do
  do i = 1, nz
    w(i) = 0.05d0 + 0.01d0*i/nz
  end do
  kappa = 0.3d0
  do r = 1, reps
    do th = 1, 2
      call omp_set_num_threads(th)
      t = t0; q = q0
      s = omp_get_wtime()
      call physics_step(nz, ncol, t, q, kappa, w)
      tp(r, th) = omp_get_wtime() - s
      t = t0; q = q0
      t_b = 1.0d-3; q_b = 1.0d0; kappa_b = 0; w_b = 0
      s = omp_get_wtime()
      call physics_step_b(nz, ncol, t, t_b, q, q_b, kappa, kappa_b, w, w_b)
      ta(r, th) = omp_get_wtime() - s
      sums(th) = sum(t_b) + sum(q_b) + kappa_b + sum(w_b)
    end do
  end do
  do th = 1, 2
    write (*, '(i0, 4(1x, f8.3), 1x, es22.14)') th, minval(tp(:, th)), minval(ta(:, th)), &
      median(tp(:, th)), median(ta(:, th)), sums(th)
  end do
contains
  function median(x) result(md)
    real(8), intent(in) :: x(:)
    real(8) :: md, y(size(x)), v
    integer :: k, l
    y = x
    do k = 2, size(y)
      v = y(k)
      l = k - 1
      do while (l >= 1)
        if (y(l) <= v) exit
        y(l + 1) = y(l)
        l = l - 1
      end do
      y(l + 1) = v
    end do
    md = y((size(y) + 1)/2)
  end function median
end program columns_main
