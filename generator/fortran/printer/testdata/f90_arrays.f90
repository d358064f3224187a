! WHERE, FORALL, allocation, pointers to arrays.
program arrays
  implicit none
  integer :: i, j, ierr
  real, allocatable :: a(:, :), b(:)
  real, pointer :: p(:) => null(), row(:)
  real, target :: t(5, 5)
  character(len=80) :: msg
  allocate(a(5, 5), b(0:4), stat=ierr, errmsg=msg)
  if (ierr /= 0) stop 1
  call random_number(a)
  b = [(real(i), i = 0, 4)]
  ! WHERE construct with ELSEWHERE branches
  where (a > 0.5)
    a = 1.0
  elsewhere (a > 0.25)
    a = 0.5
  elsewhere
    a = 0.0
  end where
  mask: where (b > 1.0)
    b = sqrt(b)
  end where mask
  where (b < 0.0) b = -b
  ! FORALL statement and construct
  forall (i = 1:5) t(i, i) = 1.0
  forall (i = 1:5, j = 1:5, i /= j)
    t(i, j) = 0.0
  end forall
  fa: forall (i = 1:5:2)
    t(i, :) = t(i, :)*2.0
  end forall fa
  ! pointers
  p => t(:, 1)
  row => t(2, 2:4)
  p(1:2) = row(1:2)
  nullify(p)
  deallocate(a, b, stat=ierr)
  print *, t, ierr
end program arrays
