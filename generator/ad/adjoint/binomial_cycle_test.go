package adjoint_test

// CYCLE of a checkpointed loop from a loop nested in its step
// (binomial_cycle.go), checked against the plain adjoint by
// TestCheckpointedLoopsAsPlain: binomial, with an EXIT of the loop from
// the same nested loop (the advance form in its one-trip wrapper), and
// a DO WHILE under binomial checkpointing.
func init() {
	regionKernels = append(regionKernels, cycleKernels...)
	allModes["bncyclenested"] = true
}

var cycleKernels = []regionKernel{
	{kernel{name: "bncyclenested", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i, k
  real(8) :: u(n), c, y
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do k = 1, 2
      do i = 1, n
        if (mod(it, 5) == 0 .and. i > n/2) cycle time
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
    end do
    y = y + sum(u**2)*it
  end do time
  y = y + sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 20), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 3}}},
	{kernel{name: "bncycleexit", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (mod(it, 3) == 0 .and. i == 2) cycle time
      if (sum(u**2) < 0.4d0*e0) exit time
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)*it
  end do time
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "time"}}},
	{kernel{name: "bncyclewhile", src: `
subroutine model(n, u, y)
  integer :: n, i
  real(8) :: u(n), y, t
  t = 0
  y = 0
  time: do while (t < 1)
    t = t + 0.05d0
    u = u + 0.05d0*(cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (t > 0.5d0 .and. i > 4) cycle time
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)
  end do time
  y = y + sum(u**2)*t
end subroutine
`, routine: "model", params: []param{ival("n", 6), rval("u", 6), rval("y")}, ins: []string{"u"}, outs: []string{"y"}},
		[]regionLoop{{name: "time", snaps: 2}}},
}
