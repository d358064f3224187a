! Optional and keyword arguments with PRESENT(), all INTENT variants,
! and a bisection root finder with optional tolerance and diagnostics.
module solvers
  implicit none
  integer, parameter :: dp = kind(1.d0)

contains

  subroutine bisect(f, a, b, root, tol, maxit, niter, converged)
    ! interface block for a dummy procedure (no host association inside)
    interface
       real(kind(1.d0)) function f(x)
         real(kind(1.d0)), intent(in) :: x
       end function f
    end interface
    real(dp), intent(in) :: a, b
    real(dp), intent(out) :: root
    real(dp), intent(in), optional :: tol
    integer, intent(in), optional :: maxit
    integer, intent(out), optional :: niter
    logical, intent(out), optional :: converged
    real(dp) :: lo, hi, mid, eps
    integer :: it, itmax

    eps = 1.0e-10_dp
    if (present(tol)) eps = tol
    itmax = 100
    if (present(maxit)) itmax = maxit

    lo = a
    hi = b
    do it = 1, itmax
       mid = 0.5_dp * (lo + hi)
       if (f(lo) * f(mid) <= 0.0_dp) then
          hi = mid
       else
          lo = mid
       end if
       if (hi - lo < eps) exit
    end do
    root = 0.5_dp * (lo + hi)
    if (present(niter)) niter = min(it, itmax)
    if (present(converged)) converged = (hi - lo < eps)
  end subroutine bisect

  subroutine accumulate(total, x, weight, count)
    real(dp), intent(inout) :: total
    real(dp), intent(in) :: x
    real(dp), intent(in), optional :: weight
    integer, intent(inout), optional :: count
    if (present(weight)) then
       total = total + weight * x
    else
       total = total + x
    end if
    if (present(count)) count = count + 1
  end subroutine accumulate

  function describe(x, label, digits) result(s)
    real(dp), intent(in) :: x
    character(len=*), intent(in), optional :: label
    integer, intent(in), optional :: digits
    character(len=40) :: s
    character(len=20) :: fmt
    integer :: d
    d = 4
    if (present(digits)) d = digits
    write (fmt, '(a, i0, a, i0, a)') '(f', d + 6, '.', d, ')'
    write (s, fmt) x
    if (present(label)) s = label // '=' // adjustl(s)
  end function describe

  real(dp) function cubic(x)
    real(dp), intent(in) :: x
    cubic = x**3 - x - 2.0_dp
  end function cubic

  real(dp) function cosx(x)
    real(dp), intent(in) :: x
    cosx = cos(x) - x
  end function cosx

end module solvers

program optional_args
  use solvers
  implicit none
  real(dp) :: r, total
  integer :: n, cnt
  logical :: ok

  call bisect(cubic, 1.0_dp, 2.0_dp, r)
  write (*, '(a, f16.12)') 'default tol      :', r
  call bisect(cubic, 1.0_dp, 2.0_dp, r, tol=1.0e-4_dp, niter=n)
  write (*, '(a, f16.12, i4)') 'loose tol        :', r, n
  call bisect(cosx, 0.0_dp, 1.0_dp, r, maxit=10, converged=ok, niter=n)
  write (*, '(a, f16.12, i4, l2)') 'capped at 10     :', r, n, ok
  call bisect(f=cosx, a=0.0_dp, b=1.0_dp, root=r, converged=ok)
  write (*, '(a, f16.12, l2)') 'keywords only    :', r, ok

  total = 0.0_dp
  cnt = 0
  call accumulate(total, 1.5_dp)
  call accumulate(total, 2.0_dp, weight=3.0_dp)
  call accumulate(total, 4.0_dp, count=cnt)
  call accumulate(total, x=1.0_dp, count=cnt, weight=0.5_dp)
  write (*, '(a, f8.3, i3)') 'total, counted   :', total, cnt

  write (*, '(a)') trim(describe(r))
  write (*, '(a)') trim(describe(r, 'root'))
  write (*, '(a)') trim(describe(r, digits=8, label='root8'))
  write (*, '(a)') trim(describe(-total, digits=2))
end program optional_args
