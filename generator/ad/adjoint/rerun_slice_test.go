package adjoint_test

// Steps run again without what no adjoint reads (rerun_slice.go),
// checked against the plain adjoint by TestCheckpointedLoopsAsPlain: a
// running cost, a peak and a counter left out of the backward sweep's
// forms and snapshots, a variable the code before the loop needs kept
// (acc), and a variable only the reverse form reads (e) kept; binomial,
// every step, a DO WHILE under binomial checkpointing, and an inner
// loop nested in a checkpointed one.
func init() {
	regionKernels = append(regionKernels, rerunKernels...)
	allModes["rerunslice"] = true
}

const rerunSrc = `
subroutine model(n, nt, u, c, cost)
  implicit none
  integer :: n, nt
  real(8) :: u(n), c, cost
  real(8) :: acc, w, peak, e, t
  integer :: it, k, nclip
  acc = c*c
  w = acc*u(1)
  cost = 0
  peak = 0
  nclip = 0
  t = 0
  time: do it = 1, nt
    e = exp(-0.1d0*it)
    u = u + 0.01d0*sin(u)*c*e
    acc = acc + sum(u)
    if (maxval(abs(u)) > 1) nclip = nclip + 1
    peak = max(peak, maxval(abs(u)))
    inner: do k = 1, 2
      cost = cost + sum(u**2)/k
      t = t + 1
    end do inner
  end do time
  cost = cost + acc*w + nclip + peak
end subroutine
`

var rerunKernels = []regionKernel{
	{kernel{name: "rerunslice", src: rerunSrc, routine: "model",
		params: []param{ival("n", 5), ival("nt", 9), rval("u", 5), rval("c"), rval("cost")}, ins: []string{"u", "c"}, outs: []string{"cost"}},
		[]regionLoop{{name: "time", snaps: 3}}},
	{kernel{name: "rerunslice_each", src: rerunSrc, routine: "model",
		params: []param{ival("n", 5), ival("nt", 9), rval("u", 5), rval("c"), rval("cost")}, ins: []string{"u", "c"}, outs: []string{"cost"}},
		[]regionLoop{{name: "time"}}},
	{kernel{name: "rerunslice_nested", src: rerunSrc, routine: "model",
		params: []param{ival("n", 5), ival("nt", 9), rval("u", 5), rval("c"), rval("cost")}, ins: []string{"u", "c"}, outs: []string{"cost"}},
		[]regionLoop{{name: "time", snaps: 2}, {name: "inner"}}},
	{kernel{name: "rerunslice_while", src: `
subroutine model(n, nt, u, c, cost)
  implicit none
  integer :: n, nt
  real(8) :: u(n), c, cost
  real(8) :: t, peak
  integer :: nsteps
  cost = 0
  t = 0
  peak = 0
  nsteps = 0
  do while (t < nt - 0.5d0)
    u = u + 0.02d0*cos(u)*c
    t = t + 1
    nsteps = nsteps + 1
    peak = max(peak, maxval(u))
    cost = cost + sum(u**2)*t
  end do
  cost = cost + nsteps + peak
end subroutine
`, routine: "model", params: []param{ival("n", 4), ival("nt", 11), rval("u", 4), rval("c"), rval("cost")}, ins: []string{"u", "c"}, outs: []string{"cost"}},
		[]regionLoop{{routine: "model", v: "while", snaps: 3, at: 11}}},
}
