! insertion sort, binary search and a merge of two sorted lists.
! lower-case F77 with '!' comments (also after code), LOGICAL
! variables and the .EQV. / .NEQV. operators.
      program sorting
      implicit none
      integer n, m
      parameter (n = 12, m = 5)
      integer key(n), other(m), merged(n+m), i, pos, nfound
      integer bsrch
      logical sorted, issort, even, big
      data key /42, 7, 19, 3, 88, 61, 7, 25, 14, 99, 1, 50/
      data other /2, 8, 20, 60, 100/
      sorted = issort(key, n)                 ! should be false
      call isort(key, n)
      write (6, 100) (key(i), i = 1, n)
      write (6, 110) sorted, issort(key, n)
! binary search for a few keys, counting the hits
      nfound = 0
      do 10 i = 0, 100, 25
         pos = bsrch(key, n, i)
         if (pos .gt. 0) nfound = nfound + 1
         write (6, 120) i, pos
   10 continue
      write (6, 130) nfound
      call merge(key, n, other, m, merged)
      write (6, 140) (merged(i), i = 1, n + m)
! exclusive-or style logic with .neqv. and equivalence with .eqv.
      do 20 i = 1, n, 3
         even = mod(key(i), 2) .eq. 0
         big = key(i) .ge. 20
         write (6, 150) key(i), even, big, even .eqv. big,
     1                  even .neqv. big, .not. (even .or. big)
   20 continue
  100 format (' sorted:', 12i4)
  110 format (' before:', l2, '   after:', l2)
  120 format (' key', i4, ' at', i3)
  130 format (' found', i3, ' keys')
  140 format (' merged:', 17i4)
  150 format (i4, 5l3)
      end
!
      subroutine isort(a, n)
      integer n, a(n), i, j, t
      do 20 i = 2, n
         t = a(i)
         j = i - 1
    5    if (j .ge. 1) then          ! a while loop written with goto
            if (a(j) .gt. t) then
               a(j+1) = a(j)
               j = j - 1
               goto 5
            endif
         endif
         a(j+1) = t
   20 continue
      end
!
      logical function issort(a, n)
      integer n, a(n), i
      issort = .true.
      do 10 i = 1, n - 1
         if (a(i) .gt. a(i+1)) issort = .false.
   10 continue
      end
!
      integer function bsrch(a, n, k)
      integer n, a(n), k, lo, hi, mid
      lo = 1
      hi = n
      bsrch = 0
   10 if (lo .le. hi) then
         mid = (lo + hi) / 2
         if (a(mid) .eq. k) then
            bsrch = mid
            return
         else if (a(mid) .lt. k) then
            lo = mid + 1
         else
            hi = mid - 1
         end if
         go to 10
      end if
      end
!
      subroutine merge(a, na, b, nb, c)
      integer na, nb, a(na), b(nb), c(na+nb), i, j, k
      i = 1
      j = 1
      do 10 k = 1, na + nb
         if (j .gt. nb) then
            c(k) = a(i)
            i = i + 1
         elseif (i .gt. na) then
            c(k) = b(j)
            j = j + 1
         elseif (a(i) .le. b(j)) then
            c(k) = a(i)
            i = i + 1
         else
            c(k) = b(j)
            j = j + 1
         endif
   10 continue
      end
