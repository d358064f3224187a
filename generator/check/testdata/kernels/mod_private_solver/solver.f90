! A tridiagonal solver as legacy-modern models write it (GOTM's
! mtridiagonal): public coefficient arrays the caller fills, PRIVATE work
! arrays the solver overwrites, all allocated once by init_solver.
module solver
  implicit none
  integer, parameter :: rk = selected_real_kind(13)
  real(rk), allocatable :: au(:), bu(:), cu(:), du(:)
  real(rk), private, allocatable :: ru(:), qu(:)
  public :: init_solver, tridiag
contains
  subroutine init_solver(n)
    integer, intent(in) :: n
    if (allocated(au)) deallocate(au, bu, cu, du, ru, qu)
    allocate(au(0:n), bu(0:n), cu(0:n), du(0:n), ru(0:n), qu(0:n))
    au = 0; bu = 0; cu = 0; du = 0; ru = 0; qu = 0
  end subroutine init_solver

  ! Thomas algorithm on rows fi..lt, backward elimination.
  subroutine tridiag(n, fi, lt, x)
    integer, intent(in) :: n, fi, lt
    real(rk) :: x(0:n)
    integer :: i
    ru(lt) = au(lt)/bu(lt)
    qu(lt) = du(lt)/bu(lt)
    do i = lt - 1, fi + 1, -1
      ru(i) = au(i)/(bu(i) - cu(i)*ru(i+1))
      qu(i) = (du(i) - cu(i)*qu(i+1))/(bu(i) - cu(i)*ru(i+1))
    end do
    qu(fi) = (du(fi) - cu(fi)*qu(fi+1))/(bu(fi) - cu(fi)*ru(fi+1))
    x(fi) = qu(fi)
    do i = fi + 1, lt
      x(i) = qu(i) - ru(i)*x(i-1)
    end do
  end subroutine tridiag
end module solver

! Implicit vertical diffusion of y (an external routine, F77 style).
subroutine implicit_diffusion(n, dt, h, nu, y)
  use solver
  implicit none
  integer, intent(in) :: n
  real(rk), intent(in) :: dt, h(0:n), nu(0:n)
  real(rk), intent(inout) :: y(0:n)
  real(rk) :: a, c
  integer :: i
  do i = 2, n - 1
    c = 2*dt*nu(i)/(h(i) + h(i+1))/h(i)
    a = 2*dt*nu(i-1)/(h(i) + h(i-1))/h(i)
    cu(i) = -c
    au(i) = -a
    bu(i) = 1 + a + c
    du(i) = y(i)
  end do
  c = 2*dt*nu(1)/(h(1) + h(2))/h(1)
  cu(1) = -c
  bu(1) = 1 + c
  du(1) = y(1)
  a = 2*dt*nu(n-1)/(h(n) + h(n-1))/h(n)
  au(n) = -a
  bu(n) = 1 + a
  du(n) = y(n)
  call tridiag(n, 1, n, y)
end subroutine implicit_diffusion
