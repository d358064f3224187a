! Dense linear algebra with array intrinsics: modified Gram-Schmidt QR,
! least-squares line fit through the QR factors, MATMUL, TRANSPOSE,
! DOT_PRODUCT, column sections a(:,j), PRODUCT, MAXVAL, MINVAL.
program matrix_ops
  implicit none
  integer, parameter :: m = 5, n = 3
  real(8) :: a(m, n), q(m, n), r(n, n), qtq(n, n), resid(m, n)
  real(8) :: xdata(m), ydata(m), design(m, 2), coef(2), rhs(2), r2(2, 2), q2(m, 2)
  integer :: i, j, k

  ! a Vandermonde-like matrix
  do j = 1, n
     a(:, j) = (/ (dble(i)**(j - 1), i = 1, m) /)
  end do
  call mgs(a, q, r, m, n)

  write (*, '(a)') 'R factor:'
  do i = 1, n
     write (*, '(3f12.6)') r(i, :)
  end do
  qtq = matmul(transpose(q), q)
  resid = matmul(q, r) - a
  write (*, '(a, l2)') 'orthonormal:', maxval(abs(qtq - eye(n))) < 1.0d-12
  write (*, '(a, l2)') 'reproduces :', maxval(abs(resid)) < 1.0d-12
  write (*, '(a, f14.6)') 'det(R) = prod(diag) :', product((/ (r(k, k), k = 1, n) /))
  write (*, '(a, 2f12.6)') 'min/max of R:', minval(r), maxval(r)

  ! least squares y = c1 + c2*x through noisy points
  xdata = (/ 0.0d0, 1.0d0, 2.0d0, 3.0d0, 4.0d0 /)
  ydata = (/ 1.1d0, 2.9d0, 5.2d0, 6.8d0, 9.1d0 /)
  design(:, 1) = 1.0d0
  design(:, 2) = xdata
  call mgs(design, q2, r2, m, 2)
  rhs = matmul(transpose(q2), ydata)
  ! back substitution on the 2x2 upper triangle
  coef(2) = rhs(2) / r2(2, 2)
  coef(1) = (rhs(1) - r2(1, 2) * coef(2)) / r2(1, 1)
  write (*, '(a, 2f12.6)') 'fit intercept, slope:', coef
  write (*, '(a, f12.6)') 'residual norm:', &
       sqrt(dot_product(ydata - matmul(design, coef), ydata - matmul(design, coef)))
  write (*, '(a, 5f8.3)') 'fitted:', matmul(design, coef)

contains

  ! modified Gram-Schmidt: a = q r with q (m x n) orthonormal columns
  subroutine mgs(a, q, r, m, n)
    integer, intent(in) :: m, n
    real(8), intent(in) :: a(m, n)
    real(8), intent(out) :: q(m, n), r(n, n)
    real(8) :: v(m)
    integer :: i, j
    r = 0.0d0
    do j = 1, n
       v = a(:, j)
       do i = 1, j - 1
          r(i, j) = dot_product(q(:, i), v)
          v = v - r(i, j) * q(:, i)
       end do
       r(j, j) = sqrt(dot_product(v, v))
       q(:, j) = v / r(j, j)
    end do
  end subroutine mgs

  function eye(n) result(e)
    integer, intent(in) :: n
    real(8) :: e(n, n)
    integer :: i
    e = 0.0d0
    do i = 1, n
       e(i, i) = 1.0d0
    end do
  end function eye

end program matrix_ops
