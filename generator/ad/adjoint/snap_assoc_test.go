package adjoint_test

// Pointers the steps associate anew (snap_assoc.go, snap_alias.go),
// checked against the plain adjoint by TestCheckpointedLoopsAsPlain: the
// double buffer of time loops under binomial checkpointing by default;
// with FADJ_LONG_TESTS=1 also a DO WHILE nullifying a pointer, a region
// whose steps swap the buffers, and the buffers passed to procedures.
func init() {
	regionKernels = append(regionKernels, assocSnapKernels[0])
	if longTests() {
		regionKernels = append(regionKernels, assocSnapKernels[1:]...)
	}
	noSplit["bnswapcall"] = true
}

var assocSnapKernels = []regionKernel{
	{kernel{name: "bnswap", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  real(8), target :: a(n), b(n)
  real(8), pointer :: cur(:), nxt(:)
  a = x
  b = 0
  cur => a
  nxt => b
  cost = 0
  do it = 1, nt
    nxt = cur - 0.1d0*cur**2 + 0.05d0*[cur(2:n), cur(1)]
    if (mod(it, 2) == 1) then
      cur => b
      nxt => a
    else
      cur => a
      nxt => b
    end if
    cost = cost + sum(cur**2)
  end do
  cost = cost + sum(cur) + sum(a)
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 13), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
	{kernel{name: "bnswapwhile", src: `
subroutine model(n, x, cost)
  integer :: n, it
  real(8) :: x(n), cost, t
  real(8), target :: q(n, 2)
  real(8), pointer :: old(:), new(:), lim(:)
  q(:, 1) = x
  q(:, 2) = 0
  old => q(:, 1)
  new => q(:, 2)
  nullify(lim)
  cost = 0
  t = 0
  it = 0
  do while (t < 1)
    it = it + 1
    if (associated(lim)) then
      new = old + 0.1d0*sin(old) + 0.01d0*lim
    else
      new = old + 0.1d0*sin(old)
    end if
    if (mod(it, 2) == 1) then
      old => q(:, 2)
      new => q(:, 1)
      lim => q(:, 1)
    else
      old => q(:, 1)
      new => q(:, 2)
      lim => q(:, 2)
    end if
    if (mod(it, 3) == 0) nullify(lim)
    cost = cost + sum(old*q(:, 1))
    t = t + 0.09d0
  end do
  cost = cost + sum(old**2)
end subroutine
`, routine: "model", params: []param{ival("n", 4), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "while", 2, 14, false, ""}}},
	{kernel{name: "bnswapregion", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it, k
  real(8) :: x(n), cost
  real(8), target :: a(n), b(n)
  real(8), pointer :: cur(:), nxt(:)
  a = x
  b = 0
  cur => a
  nxt => b
  cost = 0
  do it = 1, nt
    !$fadj checkpoint begin stage
    do k = 1, 2
      nxt = cur*(1 - 0.05d0*cur) + 0.02d0*[cur(n), cur(1:n-1)]
      if (associated(cur, a)) then
        cur => b
        nxt => a
      else
        cur => a
        nxt => b
      end if
    end do
    cost = cost + sum(cur**2)
    !$fadj checkpoint end stage
  end do
  cost = cost + sum(nxt) + sum(b)
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 4), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{routine: "model", name: "stage", region: true}, {v: "it", snaps: 2}}},
	// The buffers passed to the step's routine (explicit-shape dummies
	// cannot associate them anew), and a level pointer whose
	// association the steps keep passed to another. (The plain adjoint
	// rejects these calls reversed in split mode.)
	{kernel{name: "bnswapcall", src: `
subroutine advance(n, u, un, lev)
  integer :: n
  real(8) :: u(n), un(n), lev(n)
  un = u - 0.1d0*u**2 + 0.05d0*[u(2:n), u(1)] + 0.01d0*lev
end subroutine
subroutine relax(n, lev)
  integer :: n
  real(8) :: lev(n)
  lev = 0.9d0*lev
end subroutine
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  real(8), target :: a(n), b(n), q(n, 2)
  real(8), pointer :: cur(:), nxt(:), top(:)
  a = x
  b = 0
  q = 1
  q(:, 2) = x
  cur => a
  nxt => b
  top => q(:, 2)
  cost = 0
  do it = 1, nt
    call advance(n, cur, nxt, top)
    call relax(n, top)
    if (mod(it, 2) == 1) then
      cur => b
      nxt => a
    else
      cur => a
      nxt => b
    end if
    cost = cost + sum(cur**2) + q(1, 2)
  end do
  cost = cost + sum(cur) + sum(a)
end subroutine
`, routine: "model", params: []param{ival("n", 5), ival("nt", 12), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
}
