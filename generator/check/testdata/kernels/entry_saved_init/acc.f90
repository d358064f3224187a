! The running sum of entry_passive_real with an initialised status word
! (character(4) :: tag = 'none'): an initialised saved local does not
! move to a block, so none of the sum's state does, and the procedures
! made of the entry points would each have their own sum.
subroutine acc(x)
  double precision :: x, s
  character(4) :: tag = 'none'
  save s
  s = s + x**2
  tag = 'acc '
  return
  entry init(x)
  s = x
  tag = 'open'
  return
  entry get(x)
  if (tag == 'acc ') then
    x = s
  else
    x = 0.0d0
  end if
end subroutine

subroutine run(a, r)
  double precision :: a, r, z
  call init(0.0d0)
  call get(z)
  call acc(-z)
  call acc(a)
  call acc(2.0d0*a)
  call get(r)
  r = r*a
end subroutine
