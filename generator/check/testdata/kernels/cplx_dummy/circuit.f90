! An AC circuit model passing complex values between its routines, as
! circuit and wave codes do: branch impedances built from real
! resistances, inductances and capacitances, summed by a routine with a
! complex array dummy, a voltage divider updating a complex intent(inout)
! phasor in a loop, and a power computed from complex intent(in) dummies
! with a complex function of them.
module ac_circuit
  implicit none
  real(8), parameter :: omega = 50.0d0
contains
  subroutine series(z, n, ztot)
    integer, intent(in) :: n
    complex(8), intent(in) :: z(n)
    complex(8), intent(out) :: ztot
    integer :: j
    ztot = (0.0d0, 0.0d0)
    do j = 1, n
      ztot = ztot + z(j)
    end do
  end subroutine

  subroutine divide(v, z1, z2)
    complex(8), intent(inout) :: v
    complex(8), intent(in) :: z1, z2
    v = v*z2/(z1 + z2)
  end subroutine

  subroutine power(v, z, p)
    complex(8), intent(in) :: v, z
    real(8), intent(out) :: p
    complex(8) :: i
    i = v*admittance(z)
    p = real(v*conjg(i))
  end subroutine

  complex(8) function admittance(z)
    complex(8), intent(in) :: z
    admittance = 1.0d0/z
  end function
end module

subroutine circuit(r, l, c, n, p, vmag)
  use ac_circuit
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: r(n), l(n), c(n)
  real(8), intent(out) :: p, vmag
  complex(8) :: z(n), ztot, v
  integer :: j
  do j = 1, n
    z(j) = cmplx(r(j), omega*l(j) - 1.0d0/(omega*c(j)), kind=8)
  end do
  call series(z, n, ztot)
  v = (230.0d0, 0.0d0)
  do j = 1, n
    call divide(v, z(j), ztot)
  end do
  call power(v, z(n), p)
  vmag = abs(v)
end subroutine

! A complex intent(inout) phasor and a complex input as the target's own
! independents: their adjoints are complex (zb = ab + i*bb).
subroutine gain(z, w, g)
  implicit none
  complex(8), intent(in) :: z
  complex(8), intent(inout) :: w
  real(8), intent(out) :: g
  w = w*exp(z) + conjg(z)*w**2
  g = abs(w)*real(z)
end subroutine
