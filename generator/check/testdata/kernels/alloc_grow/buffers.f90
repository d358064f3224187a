! A growing buffer as Fortran 2003 codes write it: a module procedure
! appends to an allocatable intent(inout) list, doubling it with
! move_alloc when full; another returns an allocatable intent(out)
! 2-D array of moments (lower bound 0). The caller deallocates both.
module buffers
  implicit none
contains
  subroutine append(list, n, v)
    real(8), allocatable, intent(inout) :: list(:)
    integer, intent(inout) :: n
    real(8), intent(in) :: v
    real(8), allocatable :: tmp(:)
    if (.not. allocated(list)) then
      allocate(list(2))
    else if (n == size(list)) then
      allocate(tmp(2*size(list)))
      tmp(1:n) = list(1:n)
      call move_alloc(from=tmp, to=list)
    end if
    n = n + 1
    list(n) = v
  end subroutine

  subroutine moments(list, n, m)
    real(8), intent(in) :: list(:)
    integer, intent(in) :: n
    real(8), allocatable, intent(out) :: m(:, :)
    integer :: k
    allocate(m(0:2, 2))
    do k = 0, 2
      m(k, 1) = sum(list(1:n)**k)
      m(k, 2) = sum(cos(list(1:n))*list(1:n)**k)
    end do
  end subroutine
end module

subroutine sample(x, n, s)
  use buffers
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: s
  real(8), allocatable :: list(:), m(:, :)
  real(8) :: v
  integer :: cnt, i
  cnt = 0
  do i = 1, n
    if (mod(i, 3) == 0) then
      v = x(i)**2
      call append(list, cnt, v)
    end if
    v = sin(x(i))
    call append(list, cnt, v)
  end do
  call moments(list, cnt, m)
  s = sum(m*m)
  deallocate(m)
  deallocate(list)
end subroutine
