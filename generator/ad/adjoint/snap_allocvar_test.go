package adjoint_test

// Allocatable derived-type scalars whose allocation the steps change
// (snap_allocvar.go), and allocatable components below the first level
// (snap_types.go), checked against the plain adjoint by
// TestCheckpointedLoopsAsPlain; the nested components with
// FADJ_LONG_TESTS=1 only.
func init() {
	regionKernels = append(regionKernels, allocVarKernels[0])
	if longTests() {
		regionKernels = append(regionKernels, allocVarKernels[1:]...)
	}
}

var allocVarKernels = []regionKernel{
	// A forcing record allocated by the first step past the spin-up,
	// with an allocatable component; a work record allocated by the
	// first step. Snapshots before and after each allocation.
	{kernel{name: "bnallocvarnew", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  type forcing
    real(8), allocatable :: f(:)
    integer :: m
    real(8) :: amp
  end type
  type(forcing), allocatable :: q, work
  cost = 0
  do it = 1, nt
    if (.not. allocated(q) .and. it > 3) then
      allocate(q)
      allocate(q%f(n))
      q%f = 0.1d0
      q%m = 1
      q%amp = 0.5d0
    end if
    if (.not. allocated(work)) allocate(work)
    work%m = mod(it, 3) + 1
    work%amp = 0.2d0*work%m
    if (allocated(q)) then
      x = x - 0.1d0*x**2*q%f(1:n)*q%amp + 0.01d0*q%m
      q%f = 1.1d0*q%f
      q%amp = q%amp*0.9d0
      if (mod(it, 4) == 0) q%m = q%m + 1
    else
      x = x*(1 - 0.05d0*x*work%amp)
    end if
    cost = cost + sum(x**2)*work%amp
  end do
  cost = cost + sum(x)
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 13), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	// An allocatable component of a component (q%f%u), grown by
	// assignment every fourth step.
	{kernel{name: "bnnestalloc", src: `
module types
  type field
    real(8), allocatable :: u(:)
    real(8) :: amp
  end type
  type state
    type(field) :: f
    real(8) :: e
  end type
end module
subroutine model(n, nt, x, cost)
  use types
  integer :: n, nt, it
  real(8) :: x(n), cost
  type(state) :: q
  allocate(q%f%u(n))
  q%f%u = x
  q%f%amp = 1
  q%e = 0
  cost = 0
  do it = 1, nt
    q%f%u = q%f%u + 0.05d0*q%f%amp*(cos(q%f%u) - q%f%u*[q%f%u(2:), q%f%u(1)])
    q%f%amp = q%f%amp*0.99d0
    if (mod(it, 4) == 0) q%f%u = [q%f%u(2:), q%f%u(1), 0.5d0*q%f%u(1)]
    cost = cost + sum(q%f%u**2)*q%f%amp
  end do
  cost = cost + sum(q%f%u)
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 12), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	// The same below the elements of an array of types (cols(k)%f%u),
	// columns of different heights, one rotated and grown.
	{kernel{name: "bnnestallocelems", src: `
module types3
  type field
    real(8), allocatable :: u(:)
    real(8) :: amp
  end type
  type column
    type(field) :: f
    real(8) :: h
  end type
end module
subroutine model(n, nt, x, cost)
  use types3
  integer :: n, nt, it, k
  real(8) :: x(n), cost
  type(column) :: cols(3)
  do k = 1, 2
    allocate(cols(k)%f%u(n + k))
    cols(k)%f%u = 0.1d0*k
    cols(k)%f%u(1:n) = x*k
    cols(k)%f%amp = 1
    cols(k)%h = k
  end do
  cost = 0
  do it = 1, nt
    do k = 1, 2
      cols(k)%f%u = cols(k)%f%u + 0.05d0*cols(k)%f%amp*cos(cols(k)%f%u)*cols(k)%h
      cols(k)%f%amp = cols(k)%f%amp*0.99d0
      cost = cost + sum(cols(k)%f%u**2)*cols(k)%f%amp
    end do
    if (mod(it, 4) == 0) cols(2)%f%u = [cols(2)%f%u(2:), cols(2)%f%u(1), 0.1d0]
  end do
  cost = cost + sum(cols(1)%f%u) + sum(cols(2)%f%u)
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
}
