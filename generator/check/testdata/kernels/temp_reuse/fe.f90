! A finite-element style objective over an n x m grid whose loop nests
! reuse the same scalar temporaries (d1, d2, g) and branch on them, as
! MINPACK-2's objectives do; plus two temporaries whose values leave
! their loops (t before them, e after them).
subroutine fe(n, m, x, lam, f)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: x(n, m), lam
  real(8), intent(out) :: f
  real(8) :: d1, d2, g, t, e, s1, s2
  integer :: i, j
  t = x(1, 1)*lam
  f = t*t
  s1 = 0.0d0
  s2 = 0.0d0
  do j = 1, m - 1
    do i = 1, n - 1
      d1 = x(i + 1, j) - x(i, j)
      d2 = x(i, j + 1) - x(i, j)
      g = d1**2 + d2**2
      if (g <= lam) then
        s1 = s1 + 0.5d0*g
      else
        s1 = s1 + sqrt(g*lam) - 0.5d0*lam
      end if
    end do
  end do
  do j = 2, m
    do i = 2, n
      d1 = x(i, j) - x(i - 1, j)
      d2 = x(i, j) - x(i, j - 1)
      g = d1**2 + d2**2
      if (g <= lam) then
        s2 = s2 + 0.5d0*g*d1
      else
        s2 = s2 + sqrt(g) - lam
      end if
      t = x(i, j)*d2
      s2 = s2 + sin(t)
    end do
  end do
  do i = 1, n
    e = x(i, 1)**2
    s1 = s1 + cos(e)
  end do
  f = f + s1*s2 + e*e
end subroutine fe
