! A stochastic step as stochastic physics schemes write it: a random-number
! generator keeping its seed in a SAVEd local (is = mod(is*1103 + 12345,
! 65536)), called from the step routine the time loop calls. Joint
! reversal would run the step again in the backward sweep and draw other
! numbers: such a call is reversed split, so that the step runs once.
module rng_m
  implicit none
contains
  subroutine nextw(w, seed)
    real(8), intent(out) :: w
    integer, intent(in), optional :: seed
    integer, save :: is = 7
    if (present(seed)) then
      is = seed
      w = 0
      return
    end if
    is = mod(is*1103 + 12345, 65536)
    w = 0.5d0 + dble(is)/65536.0d0
  end subroutine nextw
  subroutine stepw(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(inout) :: y(n)
    real(8) :: w
    integer :: i
    do i = 1, n
      call nextw(w)
      y(i) = y(i) + w*x(i)**2 + sin(x(i))
    end do
  end subroutine stepw
  subroutine run(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n)
    integer :: k
    y = 0
    call nextw(y(1), 7)
    do k = 1, 3
      call stepw(n, x, y)
    end do
  end subroutine run
end module rng_m
