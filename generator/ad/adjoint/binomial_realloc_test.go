package adjoint_test

// Steps that change the allocation of an allocatable array in their
// snapshot (snap_realloc.go), checked against the plain adjoint by
// TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, reallocKernels...)
	allModes["bnrealloc"] = true
}

var reallocKernels = []regionKernel{
	// A work array allocated and freed in each step, of a size that
	// changes, and state reallocated by assignment to another size.
	{kernel{name: "bnrealloc", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it, m, k
  real(8) :: x(n), cost
  real(8), allocatable :: w(:), tail(:)
  cost = 0
  tail = x(1:2)
  do it = 1, nt
    m = 2 + mod(it, 3)
    allocate(w(m))
    w = 0.5d0
    k = min(m, size(tail))
    w(1:k) = w(1:k) + 0.1d0*tail(1:k)
    x = x + 0.05d0*sin(x)*sum(w)/m
    tail = x(1:m)*w
    cost = cost + sum(tail**2)
    deallocate(w)
  end do
  cost = cost + sum(tail)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 14), rval("x", 6), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	// The same, a snapshot per iteration, the work array allocated by
	// a DO WHILE's step with bounds other than 1.
	{kernel{name: "bnreallocwhile", src: `
subroutine model(n, x, cost)
  integer :: n, m
  real(8) :: x(n), cost, t
  real(8), allocatable :: w(:), tail(:)
  cost = 0
  t = 0
  m = 2
  allocate(tail(0:1))
  tail = x(1:2)
  do while (t < 0.6d0)
    t = t + 0.05d0
    m = 2 + mod(m + 1, 3)
    allocate(w(-1:m-2))
    w = 0.5d0 + t
    x = x + 0.05d0*sin(x)*sum(w)/m + 0.01d0*sum(tail)
    deallocate(tail)
    allocate(tail(m))
    tail = x(1:m)*w
    cost = cost + sum(tail**2)
    deallocate(w)
  end do
  cost = cost + sum(tail)
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("x", 6), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "while", at: 10}}},
}

// reallocStep is a loop whose step changes the allocation of w, in its
// snapshot, by stmt.
func reallocStep(name, stmt string) regionKernel {
	return regionKernel{kernel{name: name, src: `
subroutine s(n, x, y)
  integer :: n, it
  real(8) :: x(n), y
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = x
  y = 0
  do it = 1, 5
` + stmt + `
    w = w*1.1d0 + 0.1d0*sin(w)
    y = y + sum(w**2)
  end do
  y = y + sum(w)
contains
  subroutine grow(w)
    real(8), allocatable :: w(:)
    w = [w, 0.5d0*w(1)]
  end subroutine
end subroutine
`, routine: "s", params: []param{ival("n", 4), rval("x", 4), rval("y")}, ins: []string{"x"}, outs: []string{"y"}},
		[]regionLoop{{routine: "s", v: "it", snaps: 2}}}
}

func init() {
	regionKernels = append(regionKernels,
		reallocStep("bnreallocdealloc", "    y = y + w(1)\n    deallocate(w); allocate(w(n + mod(it, 2)))\n    w = x(1)*it"),
		reallocStep("bnreallocassign", "    w = [w(2:), w(1)**2]"),
		reallocStep("bnrealloccall", "    call grow(w)"))
}

// Allocatable components of derived-type variables in snapshots
// (snap_realloc.go: allocComponentOp): a local whose component a step
// reallocates now and then, and a module variable's, allocated before
// the loop.
var allocCompKernels = []regionKernel{
	{kernel{name: "bndtypealloc", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  type state
    real(8), allocatable :: u(:)
    real(8) :: e
  end type
  type(state) :: q
  allocate(q%u(n))
  q%u = x
  q%e = 1
  cost = 0
  do it = 1, nt
    q%u = q%u - 0.1d0*q%u**2*q%e
    q%e = 0.9d0*q%e + 0.01d0*sum(q%u)
    if (mod(it, 4) == 0) q%u = [q%u, 0.5d0*q%u(1)]
    cost = cost + sum(q%u**2)
  end do
  cost = cost + q%e
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	{kernel{name: "bndtypeallocmod", src: `
module col
  implicit none
  type state
    real(8), allocatable :: t(:)
  end type
  type(state) :: st
end module col

subroutine run(t0, n, nt, cost)
  use col
  implicit none
  integer, intent(in) :: n, nt
  real(8), intent(in) :: t0(n)
  real(8), intent(out) :: cost
  integer :: k
  allocate(st%t(n))
  st%t = t0
  cost = 0
  do k = 1, nt
    st%t = st%t - 0.1d0*st%t**2
    cost = cost + st%t(1)
  end do
  cost = cost + sum(st%t)
  deallocate(st%t)
end subroutine run
`, routine: "run", params: []param{rval("t0", 5), ival("n", 5), ival("nt", 9), rval("cost")}, ins: []string{"t0"}, outs: []string{"cost"}},
		[]regionLoop{{routine: "run", v: "k", snaps: 2}}},
}

// A region (a named BLOCK) whose statements grow its state array by
// assignment and use a work array.
var reallocRegion = regionKernel{kernel{name: "bnreallocblock", src: `
subroutine model(n, x, cost)
  integer :: n, i
  real(8) :: x(n), cost
  real(8), allocatable :: w(:), t(:)
  allocate(w(n))
  w = x
  stage: block
    allocate(t(n + 1))
    t(1:n) = w
    t(n + 1) = 0.5d0*w(1)
    do i = 2, n + 1
      t(i) = t(i) + 0.3d0*sin(t(i - 1))
    end do
    w = t*t
    deallocate(t)
  end block stage
  cost = sum(w**2)
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
	[]regionLoop{{name: "stage", region: true}}}

func init() {
	regionKernels = append(regionKernels, reallocRegion)
	regionKernels = append(regionKernels, allocCompKernels...)
	allModes["bndtypealloc"] = true
}
