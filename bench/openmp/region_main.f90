! Driver of bench/openmp/region.sh: the reverse-mode adjoint of the
! omp_region kernel (generator/check/testdata/kernels/omp_region) on n
! points (the first argument, default 20,000,000). Each of reps rounds
! times the primal and the adjoint on 1 thread, then on 2
! (omp_set_num_threads), so that both see the same load of a shared
! machine; prints per thread count the least and the median wall times
! and a checksum of the adjoint (the same on 1 and 2 threads, up to
! rounding).
program main
  use omp_lib
  implicit none
  integer, parameter :: reps = 7
  integer :: n, i, r, t
  real(8), allocatable :: u(:), v(:), w(:), u_b(:), v_b(:), w_b(:)
  real(8) :: c, c_b, s, s_b, tp(reps, 2), ta(reps, 2), t0, sums(2)
  character(32) :: arg
  n = 20000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate(u(n), v(n), w(n), u_b(n), v_b(n), w_b(n))
  do i = 1, n
    u(i) = 0.8d0*sin(6.283185307179586d0*i/n) + 0.1d0*cos(37.0d0*i/n)
  end do
  c = 0.3d0
  do r = 1, reps
    do t = 1, 2
      call omp_set_num_threads(t)
      t0 = omp_get_wtime()
      call region(n, u, c, v, w, s)
      tp(r, t) = omp_get_wtime() - t0
      u_b = 0; c_b = 0; s_b = 1.0d-6; v_b = 1.0d-3; w_b = 1.0d-3
      t0 = omp_get_wtime()
      call region_b(n, u, u_b, c, c_b, v, v_b, w, w_b, s, s_b)
      ta(r, t) = omp_get_wtime() - t0
      sums(t) = sum(u_b) + c_b
    end do
  end do
  do t = 1, 2
    write (*, '(i0, 4(1x, f8.3), 1x, es22.14)') t, minval(tp(:, t)), minval(ta(:, t)), &
      median(tp(:, t)), median(ta(:, t)), sums(t)
  end do
contains
  function median(x) result(md)
    real(8), intent(in) :: x(:)
    real(8) :: md, y(size(x)), s
    integer :: i, j
    y = x
    do i = 2, size(y)
      s = y(i)
      j = i - 1
      do while (j >= 1)
        if (y(j) <= s) exit
        y(j + 1) = y(j)
        j = j - 1
      end do
      y(j + 1) = s
    end do
    md = y((size(y) + 1)/2)
  end function median
end program main
