! Complex arithmetic: COMPLEX, COMPLEX(8) and DOUBLE COMPLEX variables,
! complex literals, CMPLX/CONJG/AIMAG/ABS, a naive discrete Fourier
! transform and its inverse, quadratic roots, and Mandelbrot escape counts.
program complex_demo
  implicit none
  integer, parameter :: n = 8
  complex :: z1, z2, z3
  complex(8) :: x(0:n-1), xf(0:n-1), xb(0:n-1), w
  double complex :: r1, r2, disc
  double precision :: pi
  integer :: j, k, iter, row, col
  character(len=21) :: line

  z1 = (1.0, 2.0)
  z2 = (3.5, -0.5)
  z3 = z1 * z2 + conjg(z1) / z2
  write (*, '(a, 2f10.5)') 'z1*z2 + conj(z1)/z2 =', z3
  write (*, '(a, 3f10.5)') 'real, aimag, abs    =', real(z3), aimag(z3), abs(z3)
  write (*, '(a, 2f10.5)') 'z1**2               =', z1**2
  write (*, '(a, 2f10.5)') 'sqrt(-4+0i)         =', sqrt((-4.0, 0.0))
  write (*, '(a, 2f10.5)') 'exp(i*pi/2)         =', exp(cmplx(0.0, 2.0 * atan(1.0)))

  ! DFT of a real signal: two cosines
  pi = 4.0d0 * atan(1.0d0)
  do j = 0, n - 1
     x(j) = cmplx(cos(2.0d0 * pi * j / n) + 0.5d0 * cos(6.0d0 * pi * j / n), 0.0d0, kind=8)
  end do
  do k = 0, n - 1
     xf(k) = (0.0d0, 0.0d0)
     do j = 0, n - 1
        w = exp(cmplx(0.0d0, -2.0d0 * pi * j * k / n, kind=8))
        xf(k) = xf(k) + x(j) * w
     end do
  end do
  write (*, '(a)') ' k      |X(k)|'
  do k = 0, n - 1
     write (*, '(i2, f12.6)') k, abs(xf(k))
  end do
  ! inverse transform and round-trip error
  do j = 0, n - 1
     xb(j) = (0.0d0, 0.0d0)
     do k = 0, n - 1
        xb(j) = xb(j) + xf(k) * exp(cmplx(0.0d0, 2.0d0 * pi * j * k / n, kind=8))
     end do
     xb(j) = xb(j) / n
  end do
  write (*, '(a, l2)') 'round trip ok:', maxval(abs(xb - x)) < 1.0d-12

  ! roots of z**2 + 2z + 5 = 0 using double complex arithmetic
  disc = sqrt(cmplx(2.0d0**2 - 4.0d0 * 5.0d0, 0.0d0, kind(1.0d0)))
  r1 = (-2.0d0 + disc) / 2.0d0
  r2 = (-2.0d0 - disc) / 2.0d0
  write (*, '(a, 4f8.3)') 'roots:', r1, r2
  write (*, '(a, 2es12.3)') 'check:', abs(r1**2 + 2.0d0 * r1 + 5.0d0), abs(r2**2 + 2 * r2 + 5)

  ! coarse Mandelbrot set, escape counts rendered as characters
  do row = -4, 4
     line = ''
     do col = 0, 20
        z1 = (0.0, 0.0)
        z2 = cmplx(-2.0 + 0.125 * col, 0.25 * row)
        iter = 0
        do while (abs(z1) <= 2.0 .and. iter < 30)
           z1 = z1 * z1 + z2
           iter = iter + 1
        end do
        if (iter >= 30) then
           line(col+1:col+1) = '#'
        else if (iter > 5) then
           line(col+1:col+1) = '+'
        else
           line(col+1:col+1) = '.'
        end if
     end do
     write (*, '(a)') line
  end do
end program complex_demo
