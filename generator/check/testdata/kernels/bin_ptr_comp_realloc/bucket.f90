module bucket_mod
  implicit none
  integer, parameter :: r8 = kind(1.0d0)
  type bucket_type
    real(r8), pointer :: w(:) => null()
    real(r8), pointer :: work(:) => null()
    integer, pointer :: nwet(:) => null()
  end type bucket_type
contains
  subroutine step(b, n, p, cap)
    type(bucket_type), intent(inout) :: b
    integer, intent(in) :: n
    real(r8), intent(in) :: p, cap
    integer :: i
    allocate(b%work(n))
    b%work = b%w + p
    do i = 1, n
      if (b%work(i) > cap) then
        b%w(i) = cap + 0.1_r8 * (b%work(i) - cap)
        b%nwet(i) = b%nwet(i) + 1
      else
        b%w(i) = b%work(i) * (1.0_r8 - 0.05_r8 * b%w(i))
      end if
    end do
    deallocate(b%work)
  end subroutine step

  subroutine run(n, nt, w0, p, cap, cost)
    integer, intent(in) :: n, nt
    real(r8), intent(in) :: w0(n), p(nt), cap
    real(r8), intent(out) :: cost
    type(bucket_type) :: b
    integer :: it
    allocate(b%w(n), b%nwet(n))
    b%w = w0
    b%nwet = 0
    cost = 0.0_r8
    do it = 1, nt
      call step(b, n, p(it), cap)
      cost = cost + sum(b%w**2)
    end do
    deallocate(b%w, b%nwet)
  end subroutine run
end module bucket_mod
