! A tridiagonal solver module as GOTM's mtridiagonal writes it: public
! coefficient arrays its callers fill, PRIVATE work arrays only its own
! procedure touches, all allocated once by an init routine.
module tridiag
  implicit none
  private
  public init_tridiag, solve, au, bu, cu, du
  real(8), allocatable :: au(:), bu(:), cu(:), du(:)
  real(8), allocatable :: ru(:), qu(:)
contains
  subroutine init_tridiag(n)
    integer, intent(in) :: n
    if (allocated(au)) deallocate(au, bu, cu, du, ru, qu)
    allocate(au(0:n), bu(0:n), cu(0:n), du(0:n), ru(0:n), qu(0:n))
    ru = 0.0d0
    qu = 0.0d0
  end subroutine init_tridiag

  subroutine solve(fi, lt, x)
    integer, intent(in) :: fi, lt
    real(8), intent(inout) :: x(0:)
    integer :: i
    ru(lt) = au(lt)/bu(lt)
    qu(lt) = du(lt)/bu(lt)
    do i = lt - 1, fi + 1, -1
      ru(i) = au(i)/(bu(i) - cu(i)*ru(i+1))
      qu(i) = (du(i) - cu(i)*qu(i+1))/(bu(i) - cu(i)*ru(i+1))
    end do
    qu(fi) = (du(fi) - cu(fi)*qu(fi+1))/(bu(fi) - cu(fi)*ru(fi+1))
    x(fi) = qu(fi)
    do i = fi + 1, lt
      x(i) = qu(i) - ru(i)*x(i-1)
    end do
  end subroutine solve
end module tridiag
