! OpenMP directives: printed from their parsed form, a long one continued
! on !$omp& lines; conditional compilation lines kept.
subroutine relax(n, u, v, s)
  implicit none
  integer :: n, i, nt
  real(8) :: u(n), v(n), s, t, averylongtemporaryname1, averylongtemporaryname2, averylongtemporaryname3
  nt = 1
!$ nt = 2
!$OMP PARALLEL DO PRIVATE(t,averylongtemporaryname1) &
!$OMP& FIRSTPRIVATE(averylongtemporaryname2, averylongtemporaryname3) REDUCTION(+:s) SCHEDULE(static, 4) DEFAULT(shared)
  do i = 2, n-1
    t = u(i-1) + u(i+1)
    v(i) = t
    s = s + t
  end do
!$omp end parallel do
  !$omp parallel
  !$omp critical (update)
  s = s + nt
  !$omp end critical (update)
  !$omp barrier
  !$omp end parallel
end subroutine relax
