module patches
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type patch_t
    real(dp), allocatable :: u(:)
    real(dp), allocatable :: w(:, :)
    real(dp) :: area
  end type
  type(patch_t), allocatable :: mesh(:)
contains
  subroutine setup(np, x)
    integer, intent(in) :: np
    real(dp), intent(in) :: x(:)
    integer :: p
    if (allocated(mesh)) deallocate(mesh)
    allocate(mesh(np))
    do p = 1, np
      allocate(mesh(p)%u(p + 1), mesh(p)%w(2, p + 1))
      mesh(p)%u = x(p)
      mesh(p)%w = 0.5_dp*x(p)
      mesh(p)%area = 1 + p
    end do
  end subroutine
  subroutine refine(p)
    integer, intent(in) :: p
    real(dp), allocatable :: tmp(:)
    tmp = mesh(p)%u
    deallocate(mesh(p)%u)
    allocate(mesh(p)%u(2*size(tmp)))
    mesh(p)%u(1::2) = tmp
    mesh(p)%u(2::2) = 0.5_dp*tmp**2
  end subroutine
  subroutine step(parts, dt)
    type(patch_t), intent(inout) :: parts(:)
    real(dp), intent(in) :: dt
    integer :: p, n
    do p = 1, size(parts)
      n = size(parts(p)%u)
      parts(p)%u(2:n) = parts(p)%u(2:n) - dt*parts(p)%u(1:n-1)**2/parts(p)%area
      parts(p)%w(1, :) = parts(p)%w(1, :) + dt*parts(p)%u(1)
    end do
  end subroutine
  subroutine run(np, x, cost)
    integer, intent(in) :: np
    real(dp), intent(in) :: x(np)
    real(dp), intent(out) :: cost
    type(patch_t), allocatable :: work(:)
    integer :: it, p
    call setup(np, x)
    allocate(work(np))
    do it = 1, 4
      call step(mesh, 0.1_dp)
      if (it == 2) call refine(1)
      do p = 1, np
        work(p) = mesh(p)
        work(p)%u = work(p)%u*(1 - 0.05_dp*work(p)%u)
        mesh(p) = work(p)
      end do
    end do
    do p = 1, np
      work(p) = mesh(p)
    end do
    cost = 0
    do p = 1, np
      cost = cost + sum(work(p)%u**2) + sum(work(p)%w)
    end do
    deallocate(work)
  end subroutine
end module
