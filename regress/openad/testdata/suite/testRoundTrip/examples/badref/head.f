c The reference below is off by a factor 2; finite differences side with fadj.
      subroutine head(x, y)
      double precision x(1), y(1)
c$openad INDEPENDENT(x)
      y(1) = 3*x(1)
c$openad DEPENDENT(y)
      end
