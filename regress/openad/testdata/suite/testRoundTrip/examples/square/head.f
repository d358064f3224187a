c A product and a square: y1 = x1*x2, y2 = x2**2.
      subroutine head(x, y)
      double precision x(2), y(2)
c$openad INDEPENDENT(x)
      y(1) = x(1)*x(2)
      y(2) = x(2)**2
c$openad DEPENDENT(y)
      end
