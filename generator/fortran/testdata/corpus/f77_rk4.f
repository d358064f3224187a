c	classical fourth-order runge-kutta for a damped oscillator
c	    y'' + 2*zeta*w*y' + w**2 * y = 0
c	written lower case, with implicit real*8 (a-h,o-z) and tabs.
	program rk4
	implicit real*8 (a-h,o-z)
	parameter (neq = 2)
	dimension y(neq), yex(neq)
	common /osc/ w, zeta
	w = 2.0d0
	zeta = 0.1d0
	tend = 5.0d0
	write (6, 100)
	do 20 k = 1, 4
	  nstep = 10 * 2**k
	  h = tend / nstep
	  t = 0.0d0
	  y(1) = 1.0d0
	  y(2) = 0.0d0
	  do 10 i = 1, nstep
	    call step(t, y, h)
	    t = t + h
10	  continue
	  call exact(t, yex)
	  err = max(abs(y(1) - yex(1)), abs(y(2) - yex(2)))
	  write (6, 110) nstep, y(1), y(2), err
20	continue
100	format (' nstep', 12x, 'y', 16x, 'dy/dt', 8x, 'error')
110	format (i6, 2f18.12, 1pe12.3)
	end
c
	subroutine deriv(t, y, dydt)
	implicit real*8 (a-h,o-z)
	dimension y(2), dydt(2)
	common /osc/ w, zeta
	dydt(1) = y(2)
	dydt(2) = -2.0d0*zeta*w*y(2) - w**2*y(1)
	end
c
	subroutine step(t, y, h)
	implicit real*8 (a-h,o-z)
	dimension y(2), yt(2), d1(2), d2(2), d3(2), d4(2)
	call deriv(t, y, d1)
	do 10 i = 1, 2
10	yt(i) = y(i) + 0.5d0*h*d1(i)
	call deriv(t + 0.5d0*h, yt, d2)
	do 20 i = 1, 2
20	yt(i) = y(i) + 0.5d0*h*d2(i)
	call deriv(t + 0.5d0*h, yt, d3)
	do 30 i = 1, 2
30	yt(i) = y(i) + h*d3(i)
	call deriv(t + h, yt, d4)
	do 40 i = 1, 2
	  y(i) = y(i) + h/6.0d0*(d1(i) + 2.0d0*d2(i) + 2.0d0*d3(i)
     &		       + d4(i))
40	continue
	return
	end
c
c	closed-form solution for y(0) = 1, y'(0) = 0 (underdamped)
	subroutine exact(t, y)
	implicit real*8 (a-h,o-z)
	dimension y(2)
	common /osc/ w, zeta
	wd = w * sqrt(1.0d0 - zeta**2)
	a = zeta * w
	e = exp(-a*t)
	y(1) = e * (cos(wd*t) + a/wd*sin(wd*t))
	y(2) = -e * (w**2/wd) * sin(wd*t)
	end
