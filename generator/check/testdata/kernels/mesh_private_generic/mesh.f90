! An unstructured 1-D mesh in a module PRIVATE by default: edges as an
! array of a derived type (gather/scatter through their cell indices), a
! private generic smoother, an optional source, an internal procedure, a
! BLOCK with a local array, DO CONCURRENT, a permutation index array.
module mesh_kinds
  implicit none
  integer, parameter :: wp = kind(1.0d0)
end module mesh_kinds

module mesh_mod
  use mesh_kinds, only: wp
  implicit none
  private
  public :: mesh_t, edge_t, mesh_init, nedge, ncell, run, kappa

  type :: edge_t
    integer :: c1 = 0, c2 = 0
    real(wp) :: len = 1.0_wp
  end type edge_t

  type :: mesh_t
    type(edge_t), allocatable :: edges(:)
    integer, allocatable :: perm(:)
    real(wp), allocatable :: area(:)
  end type mesh_t

  integer :: nedge = 0, ncell = 0
  real(wp), allocatable :: kappa(:)

  interface smooth
    module procedure smooth_vec, smooth_scalar
  end interface smooth

contains

  subroutine mesh_init(m, n)
    type(mesh_t), intent(out) :: m
    integer, intent(in) :: n
    integer :: e
    ncell = n
    nedge = n - 1
    allocate(m%edges(nedge), m%perm(n), m%area(n))
    do e = 1, nedge
      m%edges(e)%c1 = e
      m%edges(e)%c2 = e + 1
      m%edges(e)%len = 1.0_wp + 0.1_wp * e
    end do
    do e = 1, n
      m%perm(e) = n + 1 - e
      m%area(e) = 2.0_wp + 0.05_wp * e
    end do
    if (allocated(kappa)) deallocate(kappa)
    allocate(kappa(nedge))
    kappa = 0.2_wp
  end subroutine mesh_init

  pure function smooth_vec(x) result(y)
    real(wp), intent(in) :: x(:)
    real(wp) :: y(size(x))
    y = x
    y(2:size(x)-1) = 0.5_wp * x(2:size(x)-1) + 0.25_wp * (x(1:size(x)-2) + x(3:size(x)))
  end function smooth_vec

  elemental function smooth_scalar(x, w) result(y)
    real(wp), intent(in) :: x, w
    real(wp) :: y
    y = w * x
  end function smooth_scalar

  subroutine diffuse(m, q, dt, src)
    type(mesh_t), intent(in) :: m
    real(wp), intent(inout) :: q(:)
    real(wp), intent(in) :: dt
    real(wp), intent(in), optional :: src(:)
    real(wp), allocatable :: flux(:), tend(:)
    integer :: e
    allocate(flux(nedge), tend(ncell))
    do concurrent (e = 1:nedge)
      flux(e) = kappa(e) * m%edges(e)%len * (q(m%edges(e)%c2) - q(m%edges(e)%c1))
    end do
    tend = 0.0_wp
    do e = 1, nedge
      tend(m%edges(e)%c1) = tend(m%edges(e)%c1) + flux(e)
      tend(m%edges(e)%c2) = tend(m%edges(e)%c2) - flux(e)
    end do
    if (present(src)) tend = tend + src
    call apply()
  contains
    subroutine apply()
      q = q + dt * tend / m%area
    end subroutine apply
  end subroutine diffuse

  subroutine run(n, nt, q0, s, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: q0(n), s(n)
    real(wp), intent(out) :: cost
    type(mesh_t) :: m
    real(wp), allocatable :: q(:)
    integer :: it
    call mesh_init(m, n)
    allocate(q(n))
    q = q0
    do it = 1, nt
      if (mod(it, 2) == 0) then
        call diffuse(m, q, 0.1_wp, src=s)
      else
        call diffuse(m, q, 0.1_wp)
      end if
      block
        real(wp) :: qs(n)
        qs = smooth(q)
        q = q(m%perm) * 0.1_wp + 0.9_wp * qs
      end block
    end do
    cost = sum(smooth(q, 2.0_wp)**2)
  end subroutine run
end module mesh_mod
