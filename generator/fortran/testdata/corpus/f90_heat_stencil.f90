! Explicit finite differences for the 1-D heat equation u_t = alpha u_xx
! on [0,1] with u = 0 at both ends.  The initial condition is a sum of
! two sine modes, so the exact solution is known.
program heat_stencil
  implicit none
  integer, parameter :: dp = kind(1.d0)
  integer, parameter :: n = 41
  real(kind=dp), parameter :: alpha = 1.0_dp, pi = 3.141592653589793_dp
  real(kind=dp) :: u(n), unew(n), x(n), uex(n), wts(n)
  real(kind=dp) :: dx, dt, r, t, err
  integer :: i, step, nsteps

  dx = 1.0_dp / real(n - 1, dp)
  r = 0.4_dp                       ! stability needs r <= 1/2
  dt = r * dx**2 / alpha
  nsteps = 250

  x = [(real(i - 1, dp) * dx, i = 1, n)]
  u = sin(pi * x) + 0.5_dp * sin(3.0_dp * pi * x)
  u(1) = 0.0_dp; u(n) = 0.0_dp
  unew = 0.0_dp

  write (*, '(a, i3, a, f8.5, a, es12.4)') 'n =', n, '  r =', r, '  dt =', dt
  t = 0.0_dp
  do step = 1, nsteps
     ! whole-array section update (the stencil)
     unew(2:n-1) = u(2:n-1) + r * (u(1:n-2) - 2.0_dp * u(2:n-1) + u(3:n))
     u(2:n-1) = unew(2:n-1)
     t = t + dt
     if (mod(step, 50) == 0) then
        uex = exp(-pi**2 * alpha * t) * sin(pi * x) &
            ! the third harmonic decays nine times faster

            + 0.5_dp * exp(-9.0_dp * pi**2 * alpha * t) * sin(3.0_dp * pi * x)
        err = maxval(abs(u - uex))
        write (*, '(a, i4, a, f9.6, a, f12.8, a, es10.3)') &
             'step', step, '  t =', t, &  ! time
             & '  u(mid) =', u((n + 1) / 2), &
             & '  err =', err
     end if
  end do

  ! Simpson weights 1,4,2,4,...,2,4,1 set through strided sections
  wts = 0.0_dp
  wts(2:n-1:2) = 4.0_dp
  wts(3:n-2:2) = 2.0_dp
  wts(1) = 1.0_dp; wts(n) = 1.0_dp
  write (*, '(a, f14.10)') 'integral (Simpson) =', dx / 3.0_dp * sum(wts * u)
  write (*, '(a, f14.10)') 'integral (exact)   =', &
       2.0_dp / pi * exp(-pi**2 * alpha * t) + 1.0_dp / (3.0_dp * pi) * exp(-9.0_dp * pi**2 * alpha * t)

  ! diagnostics on strided sections: even and odd interior points
  write (*, '(a, f14.10)') 'sum(u)          =', sum(u)
  write (*, '(a, f14.10)') 'sum(u(2:n:2))   =', sum(u(2:n:2))
  write (*, '(a, f14.10)') 'sum(u(3:n-1:2)) =', sum(u(3:n-1:2))
  write (*, '(a, f14.10)') 'energy          =', dx * dot_product(u, u)
  write (*, '(a, 2i4)') 'argmax, size    =', maxloc(u), size(u)
  ! symmetry check on the reversed section
  write (*, '(a, l2)') 'symmetric       =', all(abs(u - u(n:1:-1)) < 1.0e-12_dp)
end program heat_stencil
