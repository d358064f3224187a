! A binomially checkpointed time loop (3 snapshots, 8 steps) over a
! rank-2 array of a type with array components (v(3), and a character
! array tag(2) the steps branch on): the snapshots hold it element by
! element, in DO loops run forward to take them and backward to restore.
module st
  type cell
    real(8) :: v(3), m
    character(len=2) :: tag(2)
  end type
end module
subroutine model(nt, x, cost)
  use st
  integer :: nt, it, i
  real(8) :: x(3), cost
  type(cell) :: cs(2, 2)
  do i = 1, 2
    cs(i, :)%m = i
    cs(i, 1)%v = x*i
    cs(i, 2)%v = x + i
  end do
  cs(1, 1)%tag = ['ab', 'cd']
  cs(2, 1)%tag = 'ab'
  cs(1, 2)%tag = 'cd'
  cs(2, 2)%tag = 'ab'
  cost = 0
  do it = 1, nt
    do i = 1, 2
      if (cs(i, 1)%tag(2) == 'cd') then
        cs(i, 1)%v = cs(i, 1)%v + 0.1d0*sin(cs(i, 2)%v)*cs(i, 1)%m
        cs(i, 1)%tag(2) = 'ab'
      else
        cs(i, 1)%v = 0.9d0*cs(i, 1)%v + 0.05d0*cs(i, 2)%v**2
        cs(i, 1)%tag(2) = 'cd'
      end if
      cs(i, 2)%v = cs(i, 2)%v + 0.1d0*cs(i, 1)%v
    end do
    cost = cost + sum(cs(1, 1)%v) + sum(cs(2, 2)%v**2)
  end do
end subroutine
