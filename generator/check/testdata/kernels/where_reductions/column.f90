module column_norm
  implicit none
  integer, parameter :: wp = kind(1.d0)
contains
  ! Ocean-column style: relax a tracer toward its masked column mean, with
  ! a coupling matrix applied under the land mask, in a time loop.
  subroutine relax_columns(nz, nt, t0, k, wet, cost)
    integer, intent(in) :: nz, nt
    real(wp), intent(in) :: t0(nz), k(nz, nz)
    logical, intent(in) :: wet(nz)
    real(wp), intent(out) :: cost
    real(wp) :: t(nz), flux(nz)
    integer :: it
    t = t0
    do it = 1, nt
      flux = 0
      where (wet)
        flux = matmul(k, t) - t*sum(t, mask=wet)/max(1, count(wet))
      elsewhere
        flux = -0.1_wp*t*maxval(abs(t))
      end where
      where (wet .and. t > 0) t = t + 0.1_wp*flux*norm2(t)
      where (.not. wet) t = t + 0.05_wp*flux
    end do
    cost = sum(t**2) + dot_product(t, matmul(k, t))
  end subroutine relax_columns
end module column_norm
