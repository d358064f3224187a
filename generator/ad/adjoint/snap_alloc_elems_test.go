package adjoint_test

// ALLOCATABLE components of an array of derived types and of an
// allocatable derived-type variable in snapshots (snap_alloc_elems.go),
// checked against the plain adjoint by TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, allocElemKernels...)
	allModes["bnallocelems"], allModes["bnallocvar"] = true, true
}

var allocElemKernels = []regionKernel{
	// Columns of different heights, a column split in two now and then
	// (its profile reallocated by assignment), one left unallocated.
	{kernel{name: "bnallocelems", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it, k
  real(8) :: x(n), cost
  type column
    real(8), allocatable :: t(:)
    real(8) :: e
  end type
  type(column) :: cols(3)
  do k = 1, 2
    allocate(cols(k)%t(n + k))
    cols(k)%t(1:n) = x
    cols(k)%t(n + 1:) = 0.5d0*x(1)
    cols(k)%e = k
  end do
  cols(3)%e = 0
  cost = 0
  do it = 1, nt
    do k = 1, 2
      cols(k)%t = cols(k)%t - 0.1d0*cols(k)%t**2*cols(k)%e
      cols(k)%e = 0.9d0*cols(k)%e + 0.01d0*sum(cols(k)%t)
      cost = cost + sum(cols(k)%t**2)
    end do
    if (mod(it, 4) == 0) cols(2)%t = [cols(2)%t, 0.5d0*cols(2)%t(1)]
    cols(3)%e = cols(3)%e + cols(1)%e*cols(2)%e
  end do
  cost = cost + cols(3)%e
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	// A passive allocatable forcing variable with an allocatable
	// component the steps change and read (the tangent rejects an
	// active allocatable derived-type variable).
	{kernel{name: "bnallocvar", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  type forcing
    real(8), allocatable :: f(:)
    integer :: m
  end type
  type(forcing), allocatable :: q
  allocate(q)
  allocate(q%f(n))
  q%f = 0.1d0
  q%m = 1
  cost = 0
  do it = 1, nt
    x = x - 0.1d0*x**2*q%f(1:n) + 0.01d0*q%m
    q%f = 1.1d0*q%f
    if (mod(it, 4) == 0) then
      q%f = [q%f, 0.5d0]
      q%m = q%m + 1
    end if
    cost = cost + sum(x**2)*q%f(size(q%f))
  end do
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
}
