! A flux limiter step whose scratch face state is a derived type that a
! BLOCK declares for itself, as modern models scope helper types.
module fluxes
  implicit none
contains
  subroutine sweep(n, q, dt, total)
    integer, intent(in) :: n
    real(8), intent(inout) :: q(n)
    real(8), intent(in) :: dt
    real(8), intent(out) :: total
    integer :: i, it
    do it = 1, 3
      block
        type :: face_t
          real(8) :: left, right
          real(8) :: flux
        end type
        type(face_t) :: f(n)
        real(8) :: r
        do i = 2, n
          f(i)%left = q(i-1)
          f(i)%right = q(i)
          f(i)%flux = 0.5d0*(f(i)%left**2 + f(i)%right*f(i)%left)
        end do
        f(1)%flux = 0
        do i = 2, n - 1
          r = f(i+1)%flux - f(i)%flux
          q(i) = q(i) - dt*r
        end do
      end block
    end do
    total = sum(q**2)
  end subroutine
end module
