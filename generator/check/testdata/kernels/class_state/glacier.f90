! A glacier model as modern Fortran writes it: a state type with
! type-bound procedures, the passed object a CLASS(glacier) dummy. No
! type extends glacier, so every binding is static: `call g%step(dt)`
! calls glacier_step.
module glacier_mod
  implicit none
  private
  public :: glacier
  integer, parameter :: nmax = 16
  type :: glacier
    integer :: n = 0
    real(8) :: h(nmax) = 0
    real(8) :: b(nmax) = 0
    real(8) :: rate = 1
  contains
    procedure :: init => glacier_init
    procedure :: step => glacier_step
    procedure :: flux
    procedure, pass(self) :: melt => glacier_melt
    procedure :: volume => glacier_volume
  end type
contains
subroutine glacier_init(this, x, n)
  class(glacier), intent(out) :: this
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  this%n = n
  this%h(1:n) = x**2 + 1
  this%b(1:n) = 0.1d0*x
  this%rate = x(1)
end subroutine

subroutine flux(this, f)
  class(glacier), intent(in) :: this
  real(8), intent(out) :: f(:)
  integer :: i
  f = 0
  do i = 2, this%n
    f(i) = this%rate*(this%h(i) + this%b(i) - this%h(i-1) - this%b(i-1))*this%h(i)**3
  end do
end subroutine

subroutine glacier_step(this, dt)
  class(glacier), intent(inout) :: this
  real(8), intent(in) :: dt
  real(8) :: f(nmax)
  integer :: i
  call this%flux(f)
  do i = 1, this%n - 1
    this%h(i) = this%h(i) + dt*(f(i+1) - f(i))
  end do
end subroutine

subroutine glacier_melt(amount, self)
  real(8), intent(in) :: amount
  class(glacier), intent(inout) :: self
  self%h(1:self%n) = self%h(1:self%n)*(1 - amount*self%h(1:self%n))
end subroutine

function glacier_volume(this) result(v)
  class(glacier), intent(in) :: this
  real(8) :: v
  v = sum(this%h(1:this%n)**2) + this%h(1)*this%rate
end function
end module glacier_mod
