! Observation weights read through a function that advances a module
! cursor (next_w() defining and reading kcur) in a binomially checkpointed
! loop: kcur was in no snapshot (what the step's function references read
! was not counted as read), so the steps run again counted on from its
! last value (dot-product error 1e-3 to 1e-2).
module wts
  implicit none
  real(8) :: wtab(50)
  integer :: kcur
contains
  ! next weight of the table; advances the cursor
  real(8) function next_w()
    kcur = kcur + 1
    next_w = wtab(kcur)
  end function next_w
end module wts

subroutine wsum(n, nt, u0, j)
  use wts
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: u0(n)
  real(8), intent(out) :: j
  real(8) :: u(n)
  integer :: it, i, k
  u = u0
  j = 0
  kcur = 0
  do it = 1, nt
    do i = 2, n
      u(i) = u(i) - 0.1d0 * u(i) * u(i - 1)
    end do
    j = j + u(1 + mod(it, n)) * next_w() + u(2)**2
  end do
end subroutine wsum

subroutine wsum_setup(n, nt, u0, j)
  use wts
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(inout) :: u0(n), j
  integer :: k
  do k = 1, 50
    wtab(k) = 0.1d0 * k
  end do
end subroutine wsum_setup
