c     OpenMP in fixed form: c$omp, *$omp, continuation in column 6.
      subroutine scale(n, a, s)
      integer n, i
      double precision a(n), s
c$omp parallel do
C$OMP+ shared(a)
*$omp& reduction(+:s)
      do 10 i = 1, n
        s = s + a(i)
   10 continue
c$omp end parallel do
      end
