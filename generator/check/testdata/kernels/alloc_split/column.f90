! Allocatable variables of routines reversed with `calls: split`, as a
! column model writes them: a physics routine with an allocatable work
! array (lower bound 0) allocated on entry and left to the automatic
! deallocation at its return, another allocating a flux array by a
! whole assignment and deallocating it before the end, and a diagnostic
! appended to an `allocatable, intent(inout)` history that grows by one
! each call (reallocated by assignment). foo_fwd leaves each allocation,
! its bounds and the values foo_bwd reads on the tape.
module column
  implicit none
contains
  subroutine mix(t, n, k)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(in) :: k
    real(8), allocatable :: w(:)
    integer :: i
    allocate(w(0:n+1))
    w(0) = t(1)
    w(n+1) = t(n)
    w(1:n) = t
    do i = 1, n
      t(i) = w(i) + k*(w(i-1) - 2d0*w(i) + w(i+1))*w(i)
    end do
  end subroutine

  subroutine relax(t, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), allocatable :: flux(:)
    flux = 0.5d0*(t(2:n) - t(1:n-1))**2
    t(1:n-1) = t(1:n-1) + 0.1d0*flux*t(2:n)
    t(2:n) = t(2:n) - 0.1d0*sin(flux)
    deallocate(flux)
  end subroutine

  subroutine record(h, t, n)
    integer, intent(in) :: n
    real(8), allocatable, intent(inout) :: h(:)
    real(8), intent(in) :: t(n)
    if (.not. allocated(h)) then
      allocate(h(1))
      h(1) = sum(t**2)
    else
      h = [h, sum(t**2)*h(size(h))]
    end if
  end subroutine

  subroutine run(t, n, q)
    integer, intent(in) :: n
    real(8), intent(inout) :: t(n)
    real(8), intent(out) :: q
    real(8), allocatable :: hist(:)
    integer :: step
    do step = 1, 3
      call mix(t, n, 0.1d0)
      call relax(t, n)
      call record(hist, t, n)
    end do
    q = sum(hist) + hist(size(hist))**2
  end subroutine
end module
