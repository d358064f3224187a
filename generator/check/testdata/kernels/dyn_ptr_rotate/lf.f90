module lf_mod
  implicit none
  integer, parameter :: dp = kind(1.d0)
contains
  subroutine wave(n, eta0, c, nt, dt, cost)
    integer, intent(in) :: n, nt
    real(dp), intent(in) :: eta0(n), c(n), dt
    real(dp), intent(out) :: cost
    real(dp), target :: levels(n+2, 3)   ! halo cells 1 and n+2
    real(dp), pointer :: old(:), now(:), new(:), tmp(:)
    integer :: it, i
    levels = 0.0_dp
    levels(2:n+1, 1) = eta0
    levels(2:n+1, 2) = eta0
    old => levels(:, 1)
    now => levels(:, 2)
    new => levels(:, 3)
    step: do it = 1, nt
      now(1) = now(n+1); now(n+2) = now(2)
      do i = 2, n + 1
        new(i) = 2.0_dp*now(i) - old(i) + (c(i-1)*dt)**2*(now(i+1) - 2.0_dp*now(i) + now(i-1))
      end do
      ! Robert-Asselin
      now(2:n+1) = now(2:n+1) + 0.05_dp*(old(2:n+1) - 2.0_dp*now(2:n+1) + new(2:n+1))
      tmp => old
      old => now
      now => new
      new => tmp
    end do step
    cost = sum(now(2:n+1)**2) + 0.5_dp*sum(old(2:n+1)*now(2:n+1))
  end subroutine wave
end module lf_mod
