! BLOCK constructs as modern models write them: temporaries declared
! where they are used, in a time loop (fresh on each entry), one
! shadowing a local of the routine, an automatic array sized by a dummy,
! a named constant, nested blocks (the inner one checkpointed) and an
! allocatable local of a block that runs once.
module advect
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine step(n, nt, u, c, cost)
    integer, intent(in) :: n, nt
    real(wp), intent(inout) :: u(n)
    real(wp), intent(in) :: c
    real(wp), intent(out) :: cost
    real(wp) :: flux
    integer :: it, i
    flux = 0.0_wp
    do it = 1, nt
      block
        real(wp) :: flux(n), cfl
        real(wp), parameter :: half = 0.5_wp
        cfl = c*half
        do i = 2, n
          flux(i) = cfl*(u(i)**2 - u(i-1)**2)
        end do
        flux(1) = 0.0_wp
        u = u - flux
        stage: block
          real(wp) :: m
          m = maxval(u)
          u = u/(1.0_wp + 0.1_wp*m*m)
        end block stage
      end block
    end do
    block
      real(wp) :: s
      real(wp), allocatable :: w(:)
      allocate(w(n))
      w = u*u
      s = sum(w)
      cost = sqrt(s) + flux
    end block
  end subroutine step
end module advect
