c A loop written with a backward GO TO.
      subroutine head(x, y)
      double precision x(1), y(1)
      integer i
c$openad INDEPENDENT(x)
      i = 0
      y(1) = 1
   10 y(1) = y(1)*x(1)
      i = i + 1
      if (i .lt. 3) goto 10
c$openad DEPENDENT(y)
      end
