! Dynamic arrays: ALLOCATE / DEALLOCATE with STAT=, ALLOCATED(),
! growing a buffer by copy, 2-D allocatables sized at run time, SIZE and
! SHAPE, and a histogram of a deterministic pseudo-random sequence.
program allocatable_demo
  implicit none
  real, allocatable :: buf(:), tmp(:)
  real, dimension(:,:), allocatable :: a
  integer, allocatable :: hist(:)
  integer :: ierr, i, j, n, cap, nbins, seed
  real :: x

  ! grow a buffer by doubling its capacity
  cap = 2
  allocate(buf(cap), stat=ierr)
  if (ierr /= 0) stop
  n = 0
  do i = 1, 13
     if (n == cap) then
        allocate(tmp(2 * cap), stat=ierr)
        if (ierr /= 0) then
           print *, 'allocation failed'
           stop
        end if
        tmp(1:n) = buf(1:n)
        deallocate(buf)
        cap = 2 * cap
        allocate(buf(cap))
        buf(1:n) = tmp(1:n)
        deallocate(tmp, stat=ierr)
     end if
     n = n + 1
     buf(n) = 1.0 / real(i)
  end do
  write (*, '(a, 2i4, l3)') 'n, capacity, allocated:', n, cap, allocated(buf)
  write (*, '(a, f12.8)') 'harmonic sum H(13)    :', sum(buf(1:n))
  deallocate(buf, stat=ierr)
  write (*, '(a, i2, l3)') 'after deallocate      :', ierr, allocated(buf)

  ! 2-D array with run-time shape, filled column by column
  allocate(a(3, 4), stat=ierr)
  write (*, '(a, 2i3, a, i3)') 'shape(a) =', shape(a), '  size =', size(a)
  do j = 1, size(a, 2)
     a(:, j) = (/ (real(10 * i + j), i = 1, size(a, 1)) /)
  end do
  do i = 1, 3
     write (*, '(4f7.1)') a(i, :)
  end do
  write (*, '(a, 4f8.1)') 'column sums:', sum(a, dim=1)
  write (*, '(a, 3f8.1)') 'row maxima :', maxval(a, dim=2)
  deallocate(a)

  ! reallocate with a different shape
  allocate(a(2, 2))
  a = reshape((/ 1.0, 2.0, 3.0, 4.0 /), (/ 2, 2 /))
  write (*, '(a, 2i3, 4f5.1)') 'new shape:', shape(a), a
  if (allocated(a)) deallocate(a)

  ! histogram of a linear congruential sequence (fully deterministic)
  nbins = 5
  allocate(hist(0:nbins-1), stat=ierr)
  hist = 0
  seed = 12345
  do i = 1, 1000
     seed = mod(seed * 1103 + 12345, 65536)
     x = real(seed) / 65536.0
     j = min(int(x * nbins), nbins - 1)
     hist(j) = hist(j) + 1
  end do
  write (*, '(a, 5i6)') 'histogram:', hist
  write (*, '(a, i6, 2i3)') 'total, bounds:', sum(hist), lbound(hist), ubound(hist)
  deallocate(hist)
end program allocatable_demo
