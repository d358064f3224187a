module column_ops
  implicit none
  private
  public :: relax
contains
  ! One relaxation sweep of a column: the neighbours by eoshift (the
  ! boundary values given, one of them an input), the wet cells packed
  ! (depth > 0) into a work vector, updated, and unpacked back over the dry ones.
  subroutine relax(n, top, depth, t, cost)
    integer, intent(in) :: n
    real(8), intent(in) :: top, depth(n)
    real(8), intent(inout) :: t(n)
    real(8), intent(out) :: cost
    real(8) :: up(n), down(n), pad(n + 2)
    real(8), allocatable :: work(:)
    logical :: wet(n)
    wet = depth > 0
    allocate (work(count(wet)))
    up = eoshift(t, 1, boundary=top)
    down = eoshift(t, -1, boundary=0.5d0*top)
    work = pack(0.5d0*t + 0.25d0*(up + down)*t, wet)
    work = work/(1 + work**2)
    t = unpack(work, wet, t)
    pad = pack(t, t > 0.2d0, [0.1d0*top, up(1), t])
    cost = sum(pad**2) + sum(eoshift(t, 2)*t)
  end subroutine relax
end module column_ops
