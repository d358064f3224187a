! A 2-D tracer column model written with ASSOCIATE the way modern models
! are: names for columns of the state (sections whose column index is the
! loop's), for interior blocks, and for array-valued expressions.
module column_physics
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine tracer_step(nz, ncol, dt, kdiff, w, q, cost)
    integer, intent(in) :: nz, ncol
    real(dp), intent(in) :: dt, kdiff(nz), w(0:nz+1)
    real(dp), intent(inout) :: q(0:nz+1, ncol)
    real(dp), intent(out) :: cost
    real(dp) :: flux(nz), qnew(nz, ncol)
    integer :: j, k, top
    top = 1
    do j = 1, ncol
      associate (col => q(:, j), inner => q(1:nz, j), new => qnew(:, j), &
                 kw => kdiff*w(1:nz) + 0.1_dp, damp => exp(-dt*kdiff))
        do k = 1, nz
          flux(k) = kw(k)*(col(k+2) - 2.0_dp*col(k+1) + col(k))
        end do
        new = damp*inner + dt*flux
        new(top) = new(top) + dt*w(0)*col(1)**2
        new(nz-1:nz) = 0.5_dp*(new(nz-1:nz) + inner(nz-1:nz))
      end associate
    end do
    associate (interior => q(1:nz, 1:ncol), src => qnew)
      interior = src
      interior(1, :) = interior(1, :) + 0.01_dp*sin(interior(2, :))
    end associate
    cost = 0.0_dp
    do j = 1, ncol
      associate (c => q(1:nz, j))
        cost = cost + sum(c**2) + c(nz)*c(1)
      end associate
    end do
  end subroutine tracer_step
end module column_physics
