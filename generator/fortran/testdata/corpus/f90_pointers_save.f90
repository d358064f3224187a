! Pointers to arrays and sections (TARGET, POINTER, =>, ASSOCIATED,
! NULLIFY), SAVE'd local state in a random-walk generator and an
! accumulator, DIMENSION and PARAMETER attributes, and an EXTERNAL dummy.
module walker
  implicit none
  integer, save :: calls = 0
contains

  ! Park-Miller minimal standard generator with SAVE'd state
  real function lcg_uniform()
    integer, save :: state = 2024
    integer(kind=8) :: next
    next = mod(int(state, 8) * 16807_8, 2147483647_8)
    state = int(next)
    lcg_uniform = real(state) / 2147483647.0
    calls = calls + 1
  end function lcg_uniform

  subroutine running_mean(x, mean, reset)
    real, intent(in) :: x
    real, intent(out) :: mean
    logical, intent(in), optional :: reset
    real :: total = 0.0        ! initialisation implies SAVE
    integer, save :: n = 0
    if (present(reset)) then
       if (reset) then
          total = 0.0
          n = 0
       end if
    end if
    total = total + x
    n = n + 1
    mean = total / n
  end subroutine running_mean

  subroutine apply(f, x, y)
    real, external :: f
    real, dimension(:), intent(in) :: x
    real, dimension(:), intent(out) :: y
    integer :: i
    do i = 1, size(x)
       y(i) = f(x(i))
    end do
  end subroutine apply

end module walker

real function half_square(x)
  real, intent(in) :: x
  half_square = 0.5 * x * x
end function half_square

program pointers_save
  use walker
  implicit none
  integer, parameter :: n = 10
  real, dimension(n), target :: a
  real, target :: grid(4, 5)
  real, dimension(:), pointer :: p, evens
  real, pointer :: row(:), corner(:, :), s
  real, dimension(n) :: b
  real :: mean, pos
  real, external :: half_square
  real, intrinsic :: sqrt             ! specific intrinsic passed as an argument
  integer :: i, j

  a = (/ (real(i), i = 1, n) /)
  p => a
  evens => a(2:n:2)
  write (*, '(a, l2, i3)') 'p associated, size(evens):', associated(p), size(evens)
  evens = -evens                  ! writes through to a
  a(7) = abs(a(7)) + 2.0
  write (*, '(10f6.1)') a
  p(1) = 100.0
  write (*, '(a, f6.1, l2)') 'a(1) via p:', a(1), associated(p, a)

  forall (i = 1:4, j = 1:5) grid(i, j) = real(10 * i + j)
  row => grid(3, :)
  corner => grid(3:4, 4:5)
  s => grid(2, 2)
  write (*, '(a, 5f6.1)') 'row 3     :', row
  write (*, '(a, 4f6.1)') 'corner    :', corner
  s = 0.0
  corner = corner * 2.0
  write (*, '(a, f8.1)') 'sum(grid) :', sum(grid)
  nullify(row, s)
  write (*, '(a, 2l2)') 'after nullify:', associated(row), associated(corner)

  ! random walk using the SAVE'd generator state
  pos = 0.0
  do i = 1, 20
     if (lcg_uniform() < 0.5) then
        pos = pos - 1.0
     else
        pos = pos + 1.0
     end if
     call running_mean(pos, mean)
  end do
  write (*, '(a, f6.1, f9.4, i4)') 'walk end, mean position, calls:', pos, mean, calls
  call running_mean(10.0, mean, reset=.true.)
  call running_mean(20.0, mean)
  write (*, '(a, f9.4)') 'mean after reset:', mean

  call apply(half_square, a(1:5), b(1:5))
  write (*, '(a, 5f9.2)') 'half squares:', b(1:5)
  call apply(sqrt, abs(a(6:10)), b(6:10))
  write (*, '(a, 5f9.4)') 'square roots:', b(6:10)
end program pointers_save
