! I/O statements: OPEN/CLOSE/INQUIRE, READ/WRITE with control lists,
! implied DO, namelist, FORMAT labels, run-time formats.
program io
  implicit none
  integer :: u, i, ios, n
  real :: x(4) = [1.0, 2.0, 3.0, 4.0]
  logical :: ex
  character(len=32) :: fmt, buf
  namelist /params/ n, x
  open(newunit=u, status='scratch', form='formatted', action='readwrite', iostat=ios)
  write(u, 100) (i, x(i), i = 1, 4)
  write(u, fmt='(a)', advance='yes') 'done'
  write(unit=u, nml=params)
  rewind(u)
  read(u, 100, iostat=ios, end=10, err=20) (i, x(i), i = 1, 4)
10 continue
20 continue
  inquire(unit=u, exist=ex, opened=ex)
  inquire(iolength=n) x
  flush(u)
  backspace u
  close(u, status='delete')
  fmt = '(4f6.2)'
  write(*, fmt) x
  write(buf, '(i0)') n
  read(buf, *) i
  print *, 'i =', i
  print '(a, i3)', 'n =', n
  print 100, 1, 2.0
  print 110
100 format(i3, f8.3)
110 format('literal', 1x, "double", 2x, 'it''s', /, 3(i2, :, ', '))
end program io
