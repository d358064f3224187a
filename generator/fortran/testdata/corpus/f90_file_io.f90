! Formatted I/O in its many forms: PRINT with a format string, list-
! directed WRITE(*,*), WRITE(6,100) with a labelled FORMAT statement,
! internal WRITE/READ on character variables, and a file that is written,
! closed, reopened, read back and deleted (plus a scratch unit).
program file_io
  implicit none
  integer, parameter :: nrec = 6
  character(len=*), parameter :: fname = 'fadj_corpus_f90_file_io.tmp'
  character(len=64) :: line, fmt
  character(len=12) :: tag
  real :: t(nrec), v(nrec), tt, vv, vsum
  integer :: i, n, ios, u, step
  real :: vals(4)

  do i = 1, nrec
     t(i) = 0.25 * (i - 1)
     v(i) = 9.81 * t(i) - 0.5 * t(i)**2
  end do

  print '(a, i5)', 'records to write:', nrec
  write (*, *) 'list-directed:', nrec, 2.5, .true., 'text'
  write (6, 100) 'header', nrec, t(nrec)
100 format (1x, a, ' n=', i3, ' tmax=', f6.3)

  ! sequential formatted file: open, write, close
  u = 21
  open (unit=u, file=fname, status='replace', action='write', form='formatted')
  write (u, '(a)') '# time velocity'
  do i = 1, nrec
     write (u, 110) i, t(i), v(i)
  end do
110 format (i4, 2f12.5)
  close (u)

  ! reopen, skip the header line, read until end of file
  open (unit=u, file=fname, status='old', action='read')
  read (u, '(a)') line
  print '(2a)', 'header read back: ', trim(line)
  n = 0
  vsum = 0.0
  do
     read (u, 110, iostat=ios) step, tt, vv
     if (ios /= 0) exit
     n = n + 1
     vsum = vsum + vv
  end do
  close (u, status='delete')
  print '(a, i3, a, f10.5)', 'read', n, ' records, sum of v =', vsum

  ! internal write: build a format at run time, then use it
  write (fmt, '(a, i0, a)') '(', nrec, 'f7.3)'
  print '(2a)', 'runtime format: ', trim(fmt)
  write (*, fmt) t

  ! internal write of numbers into a line, then an internal read back
  write (line, '(4(f8.3, 1x))') v(2:5)
  print '(3a)', '[', trim(line), ']'
  read (line, *) vals
  print '(a, 4f9.4)', 'parsed:', vals
  tag = 'run-0042'
  read (tag(5:8), '(i4)') i
  print '(a, i6)', 'run number from tag:', i

  ! scratch unit used as a temporary buffer
  u = 22
  open (unit=u, status='scratch')
  write (u, *) (i * i, i = 1, 5)
  rewind (u)
  read (u, *) (step, i = 1, 4), n
  close (u)
  print '(a, 2i5)', 'scratch round trip:', step, n
end program file_io
