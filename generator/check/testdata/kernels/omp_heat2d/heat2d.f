c     A 2-D explicit heat step in F77 with OpenMP (fixed form): the
c     columns are shared among the threads, the inner loop's index and
c     the temporaries are private, the energy is a reduction.
      subroutine heat2d(n, m, u, k, unew, e)
      implicit none
      integer n, m, i, j
      double precision u(n, m), k(n, m), unew(n, m), e, lap, q
      unew = u
      e = 0.0d0
c$omp parallel do private(i, lap, q)
c$omp+ reduction(+:e) schedule(static)
      do j = 2, m - 1
        do i = 2, n - 1
          lap = u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1)
     &        - 4.0d0*u(i, j)
          q = k(i, j)*lap
          unew(i, j) = u(i, j) + 0.1d0*q
          e = e + q*q
        end do
      end do
c$omp end parallel do
      end
