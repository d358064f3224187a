! An ocean model as a type with PRIVATE components (type, public ::
! model_t; private) and type-bound init, step and energy.
module ocean_model
  implicit none
  private
  integer, parameter, public :: wp = kind(1.0d0)
  type, public :: model_t
    private
    real(wp), allocatable :: h(:)
    real(wp) :: drag = 0.1_wp
  contains
    procedure :: init => model_init
    procedure :: step => model_step
    procedure :: energy => model_energy
  end type model_t
  public :: run, run_setup
contains
  subroutine model_init(self, n, h0)
    class(model_t), intent(inout) :: self
    integer, intent(in) :: n
    real(wp), intent(in) :: h0(n)
    if (allocated(self%h)) deallocate(self%h)
    allocate(self%h(n))
    self%h = h0
  end subroutine model_init
  subroutine model_step(self, dt)
    class(model_t), intent(inout) :: self
    real(wp), intent(in) :: dt
    integer :: i, n
    n = size(self%h)
    do i = n, 2, -1
      self%h(i) = self%h(i) - dt*(self%h(i) - self%h(i-1)) - dt*self%drag*self%h(i)**2
    end do
  end subroutine model_step
  function model_energy(self) result(e)
    class(model_t), intent(in) :: self
    real(wp) :: e
    e = 0.5_wp*sum(self%h**2)
  end function model_energy
  subroutine run_setup(n, nt, h0, e)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: h0(n)
    real(wp), intent(out) :: e
  end subroutine run_setup
  subroutine run(n, nt, h0, e)
    integer, intent(in) :: n, nt
    real(wp), intent(in) :: h0(n)
    real(wp), intent(out) :: e
    type(model_t) :: m
    integer :: it
    call m%init(n, h0)
    do it = 1, nt
      call m%step(0.1_wp)
    end do
    e = m%energy()
  end subroutine run
end module ocean_model
