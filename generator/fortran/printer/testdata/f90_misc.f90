! Free-form odds and ends: semicolons, labels, GO TO, COMMON, EQUIVALENCE,
! DATA with implied DO, BLOCK DATA, a main program without PROGRAM.
block data init
  implicit none
  integer :: counts(5)
  real :: weight
  common /stats/ counts, weight
  data counts /5*0/, weight /1.5/
end block data init

subroutine tally(v)
  implicit none
  integer, intent(in) :: v
  integer :: counts(5)
  real :: weight
  common /stats/ counts, weight
  if (v < 1 .or. v > 5) go to 99
  counts(v) = counts(v) + 1; weight = weight*2.0
  return
99 print *, 'out of range', v
end subroutine tally

implicit none
integer :: i, table(2, 3), flat(6)
real :: r
integer :: ir
equivalence (table, flat), (r, ir)
data ((table(i, j), i = 1, 2), j = 1, 3) /1, 2, 3, 4, 5, 6/
integer :: j
do i = 1, 7
  call tally(i)
end do
10 if (flat(1) < 3) then
  flat(1) = flat(1) + 1
  goto 10
end if
print *, flat
end
