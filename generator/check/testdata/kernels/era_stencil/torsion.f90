! The minimal-surface torsion objective of bench/testdata/torsion: a 2-D
! stencil with branches on the state; its temporaries are block-local.
subroutine torsion(nx, ny, x, c, f)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: x(nx, ny), c
  real(8), intent(out) :: f
  real(8) :: hx, hy, area, cdiv3, v, vr, vt, vl, vb, dvdx, dvdy, gradv, fquad, flin
  integer :: i, j
  hx = 1.0d0/(nx + 1)
  hy = 1.0d0/(ny + 1)
  area = 0.5d0*hx*hy
  cdiv3 = c/3.0d0
  fquad = 0.0d0
  flin = 0.0d0
  ! Lower triangles.
  do j = 0, ny
    do i = 0, nx
      v = 0.0d0
      vr = 0.0d0
      vt = 0.0d0
      if (i >= 1 .and. j >= 1) v = x(i, j)
      if (i < nx .and. j > 0) vr = x(i + 1, j)
      if (i > 0 .and. j < ny) vt = x(i, j + 1)
      dvdx = (vr - v)/hx
      dvdy = (vt - v)/hy
      gradv = dvdx**2 + dvdy**2
      if (gradv <= 1.0d0) then
        fquad = fquad + 0.5d0*gradv
      else
        fquad = fquad + sqrt(gradv) - 0.5d0
      end if
      flin = flin - cdiv3*(v + vr + vt)
    end do
  end do
  ! Upper triangles.
  do j = 1, ny + 1
    do i = 1, nx + 1
      vb = 0.0d0
      vl = 0.0d0
      v = 0.0d0
      if (i <= nx .and. j > 1) vb = x(i, j - 1)
      if (i > 1 .and. j <= ny) vl = x(i - 1, j)
      if (i <= nx .and. j <= ny) v = x(i, j)
      dvdx = (v - vl)/hx
      dvdy = (v - vb)/hy
      gradv = dvdx**2 + dvdy**2
      if (gradv <= 1.0d0) then
        fquad = fquad + 0.5d0*gradv
      else
        fquad = fquad + sqrt(gradv) - 0.5d0
      end if
      flin = flin - cdiv3*(v + vb + vl)
    end do
  end do
  f = area*(fquad + flin)
end subroutine torsion
