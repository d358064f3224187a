! Every declaration spelling in free form.
module decl_mod
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
  integer, parameter :: ck = kind('a')
  real(dp), protected :: prot = 1.0_dp
  real, save :: saved
  integer, public :: pub
  integer, private :: priv
  real, volatile :: vol
  real, asynchronous :: asy
  real, target, dimension(10) :: tgt
  real, bind(c, name='cvar') :: cvar
end module decl_mod

subroutine decls(n, arr, assumed, sizes, star, c1, c2, opt)
  use decl_mod
  implicit none
  integer, intent(in) :: n
  real(kind=dp), intent(inout) :: arr(n, 0:n - 1)
  real(8), intent(in), contiguous :: assumed(:, :)
  real, intent(out), dimension(2:*) :: sizes
  real*4 :: star(*)
  character(len=*), intent(in) :: c1
  character(*), intent(in) :: c2
  integer, intent(in), value, optional :: opt
  real :: r
  real(4) :: r4
  real(kind=4) :: rk4
  integer(kind=8) :: big = 8_8
  integer(2) :: small
  double precision :: d
  double complex :: dz
  complex(8) :: z8
  complex(kind=dp) :: zdp
  logical(kind=4) :: l4
  logical :: l = .false.
  character :: c
  character(10) :: c10
  character(len=10) :: l10
  character(len=10, kind=ck) :: lk
  character(10, ck) :: lk2
  character(kind=ck, len=5) :: kl
  character(kind=ck) :: konly
  character(len=:), allocatable :: deferred
  character*8 :: old8, old16*16
  integer, dimension(3), parameter :: iarr = [1, 2, 3]
  real, allocatable, dimension(:, :) :: alloc2
  real, pointer, contiguous :: ptr(:)
  integer :: i, j(2), k(2, 2) = reshape([1, 2, 3, 4], [2, 2])
  intrinsic :: sqrt
  external :: ext
  dimension :: extra(5)
  real :: extra
  allocatable :: late(:)
  real :: late
  pointer :: lp
  real :: lp
  target :: lt
  real :: lt
  save :: d
  r = sqrt(real(n))
  print *, r, r4, rk4, big, small, d, dz, z8, zdp, l4, l, c, c10, l10, lk, lk2, kl, konly, old8, old16, iarr, i, j, k
  print *, arr(1, 0), assumed(1, 1), sizes(2), star(1), c1, c2, opt, extra, lt, prot, pub, vol, asy, tgt, cvar, saved
end subroutine decls
