! The objective of MINPACK-2's optimal design with composites problem
! (dodcfg), as that code computes it (with x as a 2-D array): piecewise linear finite elements on
! the lower and upper triangles of an nx by ny grid of the unit square,
! zero on the boundary; the integrand psi of the squared gradient has
! three pieces (two materials and the mixture between them).
subroutine odc(nx, ny, x, lambda, f)
  implicit none
  integer, intent(in) :: nx, ny
  real(8), intent(in) :: x(nx, ny), lambda
  real(8), intent(out) :: f
  real(8), parameter :: mu1 = 1.0d0, mu2 = 2.0d0
  real(8) :: hx, hy, area, t1, t2, v, vr, vt, vl, vb, dvdx, dvdy, gradv, fl, fu, flin
  integer :: i, j
  t1 = sqrt(lambda*2.0d0*mu1/mu2)
  t2 = sqrt(lambda*2.0d0*mu2/mu1)
  hx = 1.0d0/(nx + 1)
  hy = 1.0d0/(ny + 1)
  area = 0.5d0*hx*hy
  fl = 0.0d0
  fu = 0.0d0
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
      if (gradv <= t1**2) then
        fl = fl + 0.5d0*mu2*gradv
      else if (gradv <= t2**2) then
        fl = fl + mu2*t1*sqrt(gradv) - lambda*mu1
      else
        fl = fl + 0.5d0*mu1*gradv + lambda*(mu2 - mu1)
      end if
    end do
  end do
  ! Upper triangles.
  do j = 1, ny + 1
    do i = 1, nx + 1
      v = 0.0d0
      vb = 0.0d0
      vl = 0.0d0
      if (i <= nx .and. j > 1) vb = x(i, j - 1)
      if (i > 1 .and. j <= ny) vl = x(i - 1, j)
      if (i <= nx .and. j <= ny) v = x(i, j)
      dvdx = (v - vl)/hx
      dvdy = (v - vb)/hy
      gradv = dvdx**2 + dvdy**2
      if (gradv <= t1**2) then
        fu = fu + 0.5d0*mu2*gradv
      else if (gradv <= t2**2) then
        fu = fu + mu2*t1*sqrt(gradv) - lambda*mu1
      else
        fu = fu + 0.5d0*mu1*gradv + lambda*(mu2 - mu1)
      end if
    end do
  end do
  do j = 1, ny
    do i = 1, nx
      flin = flin + x(i, j)
    end do
  end do
  f = area*(fl + fu) - hx*hy*flin
end subroutine odc
