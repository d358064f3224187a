! A physics column of a module whose work is done by an internal procedure
! of a module procedure, writing a module array (tend) that the host and
! the caller read; an OPTIONAL argument scales it. The derivative code of
! the internal procedure used its own derivative module (a compile error).
module phys
  implicit none
  real(8) :: tend(10)
  real(8) :: coef = 0.3d0
contains
  subroutine column(n, t, q, opt)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: q(n)
    real(8), intent(in), optional :: opt
    real(8) :: f
    integer :: k
    f = 1.0d0
    if (present(opt)) f = opt
    call compute()
    t = t + tend(1:n)
  contains
    subroutine compute()
      integer :: kk
      do kk = 1, n
        tend(kk) = f*coef*q(kk)*t(kk)
      end do
      tend(1) = tend(1) + sum(t)*0.01d0
    end subroutine compute
  end subroutine column
  subroutine run(n, t, q, cost)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: q(n)
    real(8), intent(out) :: cost
    integer :: it
    do it = 1, 4
      if (mod(it, 2) == 0) then
        call column(n, t, q, opt=0.5d0)
      else
        call column(n, t, q)
      end if
    end do
    cost = sum(t**2) + sum(tend(1:n))
  end subroutine run
end module phys
