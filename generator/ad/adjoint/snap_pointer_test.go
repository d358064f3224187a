package adjoint_test

// Pointer variables in snapshots (snap_pointer.go), checked against the
// plain adjoint by TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, pointerSnapKernels...)
	allModes["bnpointer"] = true
}

var pointerSnapKernels = []regionKernel{
	// Pointers to the levels of a state array, associated before the
	// time loop; the steps update the state through them.
	{kernel{name: "bnpointer", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it
  real(8) :: x(n), cost
  real(8), target :: q(n, 2)
  real(8), pointer :: top(:), bot(:)
  q(:, 1) = x
  q(:, 2) = 0.5d0*x
  top => q(:, 1)
  bot => q(:, 2)
  cost = 0
  do it = 1, nt
    top = top - 0.1d0*top**2 + 0.05d0*bot
    bot = bot + 0.02d0*sin(top)
    cost = cost + sum(top**2) + bot(1)
  end do
  cost = cost + sum(q)
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{v: "it", snaps: 3}}},
}
