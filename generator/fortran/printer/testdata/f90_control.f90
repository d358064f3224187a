! Control constructs: named IF, DO, SELECT CASE; DO WHILE, DO CONCURRENT,
! EXIT and CYCLE with names, STOP and ERROR STOP.
program control
  implicit none
  integer :: i, j, n, total
  character :: ch
  logical :: flag
  real :: a(10, 10)
  n = 10
  total = 0
  outer: do i = 1, n
    inner: do j = 1, n
      if (j > i) cycle outer
      if (i*j > 50) exit outer
      total = total + i*j
    end do inner
  end do outer
  check: if (total > 100) then
    print *, 'big'
  else if (total > 10) then check
    print *, 'medium'
  else check
    print *, 'small'
  end if check
  if (total == 0) then
    stop
  elseif (total < 0) then
    error stop 'negative'
  endif
  do
    n = n - 1
    if (n <= 0) exit
  end do
  do while (n < 5)
    n = n + 1
  enddo
  do i = 10, 1, -3
    total = total - i
  end do
  do concurrent (i = 1:10, j = 1:10)
    a(i, j) = real(i + j)
  end do
  sel: select case (total)
  case (:-1)
    print *, 'negative'
  case (0)
    print *, 'zero'
  case (1:9, 11, 13:)
    print *, 'other'
  case default sel
    print *, 'ten or twelve'
  end select sel
  ch = 'q'
  select case (ch)
  case ('a':'m')
    flag = .true.
  case ('n':'z')
    flag = .false.
  end select
  select case (flag)
  case (.true.)
    print *, 'first half'
  case default
    continue
  end select
  print *, total, a(1, 1)
end program control
