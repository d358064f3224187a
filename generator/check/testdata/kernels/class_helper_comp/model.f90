! A model state holds a polymorphic helper chosen at set-up (a logger,
! `class(logger), allocatable :: log`, allocated as `quiet` or `verbose`)
! and calls it each step through a binding the extensions override: a
! passive call bound at run time. The loop records the state before each
! step; the helper holds nothing but its dynamic type (no type of its
! family has components), so the record leaves it out.
module log_mod
  implicit none
  type :: logger
  contains
    procedure :: note => logger_note
  end type
  type, extends(logger) :: quiet
  contains
    procedure :: note => quiet_note
  end type
  type, extends(logger) :: verbose
  contains
    procedure :: note => verbose_note
  end type
contains
  subroutine logger_note(self, it, e)
    class(logger), intent(in) :: self
    integer, intent(in) :: it
    real(8), intent(in) :: e
  end subroutine
  subroutine quiet_note(self, it, e)
    class(quiet), intent(in) :: self
    integer, intent(in) :: it
    real(8), intent(in) :: e
  end subroutine
  subroutine verbose_note(self, it, e)
    class(verbose), intent(in) :: self
    integer, intent(in) :: it
    real(8), intent(in) :: e
    if (it < 0) print *, 'step', it, 'energy', e
  end subroutine
end module log_mod

module wave_mod
  use log_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  type :: wave
    real(dp) :: h(12) = 0
    real(dp) :: c = 1
    class(logger), allocatable :: log
  contains
    procedure :: step => wave_step
  end type
contains
  subroutine wave_step(self, dt)
    class(wave), intent(inout) :: self
    real(dp), intent(in) :: dt
    integer :: i
    real(dp) :: hn(12)
    hn = self%h
    do i = 2, 11
      hn(i) = self%h(i) + dt*self%c*(self%h(i+1) - 2*self%h(i) + self%h(i-1)) - dt*self%h(i)**3
    end do
    self%h = hn
  end subroutine

  subroutine run(x, verbosity, cost)
    real(dp), intent(in) :: x(12)
    integer, intent(in) :: verbosity
    real(dp), intent(out) :: cost
    type(wave) :: w
    integer :: it
    if (verbosity > 0) then
      allocate(verbose :: w%log)
    else
      allocate(quiet :: w%log)
    end if
    w%h = x
    w%c = 0.5_dp + 0.1_dp*x(1)
    do it = 1, 4
      call w%step(0.05_dp)
      call w%log%note(it, sum(w%h**2))
    end do
    cost = sum(w%h**2)
  end subroutine
end module wave_mod
