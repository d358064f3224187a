! DO CONCURRENT as GPU-ready models write it: a 1-D stencil whose
! iterations read neighbours, a mask on the element the body updates, a named 2-D nest with a mask on the state,
! a scalar local per iteration and a CYCLE of the construct, a strided
! loop, calls of a PURE subroutine and function in a named nest cycling
! itself, and an index variable that keeps its value outside the
! construct.
module diffusion
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine step(n, m, u, w, k, cost)
    integer, intent(in) :: n, m
    real(dp), intent(inout) :: u(n)
    real(dp), intent(inout) :: w(n, m)
    real(dp), intent(in) :: k
    real(dp), intent(out) :: cost
    real(dp) :: f(n), g, v(n, m)
    integer :: i, j, it
    i = 3
    f = 0
    v = 0
    do it = 1, 3
      do concurrent (i = 2:n-1)
        f(i) = u(i-1) - 2*u(i) + u(i+1)
      end do
      do concurrent (i = 2:n-1)
        u(i) = u(i) + k*f(i)*u(i)
      end do
      do concurrent (i = 1:n, u(i) > 0.4_dp)
        u(i) = sqrt(u(i))*(1 + k)
      end do
    end do
    mix: do concurrent (i = 1:n, j = 1:m, w(i, j) > 0.5_dp)
      g = w(i, j)*u(i)
      if (j == 3) cycle mix
      v(i, j) = sin(g) + g**2
    end do mix
    do concurrent (i = 1:n, j = 1:m, w(i, j) <= 0.5_dp)
      v(i, j) = w(i, j)*cos(u(i))
    end do
    upd: do concurrent (i = 1:n, j = 1:2)
      if (j == 1) cycle upd
      call limit(u(i), f(i))
      u(i) = u(i) + ramp(f(i))
    end do upd
    do concurrent (j = 1:m:2)
      w(1, j) = w(1, j)*v(n, j)
    end do
    cost = sum(v) + sum(w**2) + u(i)
  end subroutine

  pure subroutine limit(a, b)
    real(dp), intent(in) :: a
    real(dp), intent(inout) :: b
    b = b*tanh(a)
  end subroutine

  pure function ramp(a) result(r)
    real(dp), intent(in) :: a
    real(dp) :: r
    r = a + a**3
  end function
end module
