      subroutine acc(n, x, y)
      integer n, m, j
      double precision x(n), w(2), y
      y = 0
      do m = 1, 2
         w(m) = 0
         do j = m, 2
            w(m) = w(m) + x(j)*x(m)
         end do
         y = y + w(m)**2
      end do
      end
