package adjoint_test

// Jumps leaving a checkpointed region (region_jumps.go), checked against
// the plain adjoint by TestCheckpointedLoopsAsPlain. Each jump is taken
// by step 37 of 60 at the latest.
func init() {
	regionKernels = append(regionKernels, regionJumpKernels...)
	allModes["regjexit"], allModes["regjreturn"], allModes["regjgoto"] = true, true, true
	allModes["regjcycle"], allModes["regjnested"] = true, true
}

var regionJumpKernels = []regionKernel{
	// An EXIT and a CYCLE of the time loop around a named BLOCK.
	{kernel{name: "regjexit", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e0, r(n)
  y = 0
  e0 = sum(u**2)
  do it = 1, nt
    physics: block
      r = c*cos(u) - u*[u(2:n), u(1)]
      u = u + 0.05d0*r
      if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0 .or. it == 37) exit
      if (mod(it, 3) == 0) cycle
      do i = 1, n
        u(i) = u(i) - 0.01d0*u(i)**2
      end do
    end block physics
    y = y + sum(u**2)*it
  end do
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "physics", region: true}}},
	// A RETURN from a loop inside a marked region in the time loop.
	{kernel{name: "regjreturn", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  do it = 1, nt
    !$fadj checkpoint begin physics
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    do i = 1, n
      if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0 .or. it == 37) return
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)
    !$fadj checkpoint end physics
    y = y*0.99d0
  end do
  y = y + sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "physics", region: true}}},
	// A GO TO further down leaving a BLOCK and the binomial loop
	// around it.
	{kernel{name: "regjgoto", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it
  real(8) :: u(n), c, y, e0
  y = 0
  e0 = sum(u**2)
  time: do it = 1, nt
    stage: block
      u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
      if (it > 10 .and. abs(sum(u**2) - e0) > 0.05d0*e0 .or. it == 37) go to 30
      y = y + sum(u**2)*it
    end block stage
    u = u - 0.01d0*u**2
  end do time
  y = y + sum(u)
30 y = y + it*sum(u**2)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 60), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "stage", region: true}, {name: "time", snaps: 3}}},
	// A CYCLE of a binomial time loop leaving a marked region in its
	// step, from a loop inside the region.
	{kernel{name: "regjcycle", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it, i
  real(8) :: u(n), c, y
  y = 0
  time: do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
    !$fadj checkpoint begin column
    do i = 1, n
      if (mod(it, 3) == 0 .and. i == 2) cycle time
      u(i) = u(i) - 0.01d0*u(i)**2
    end do
    y = y + sum(u**2)
    !$fadj checkpoint end column
    y = y*0.99d0
  end do time
  y = y + sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 20), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "column", region: true}, {name: "time", snaps: 3}}},
	// An EXIT of the time loop leaving a marked region nested in a
	// checkpointed BLOCK.
	{kernel{name: "regjnested", src: `
subroutine model(n, nt, u, c, y)
  integer :: n, nt, it
  real(8) :: u(n), c, y
  y = 0
  do it = 1, nt
    outer: block
      u = u + 0.05d0*(c*cos(u) - u*[u(2:n), u(1)])
      !$fadj checkpoint begin inner
      u = u - 0.01d0*u**2
      if (it == 13) exit
      y = y + sum(u**2)
      !$fadj checkpoint end inner
      y = y*0.99d0
    end block outer
    u = 1.01d0*u
  end do
  y = y + it*sum(u)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 20), rval("u", 6), rval("c"), rval("y")}, ins: []string{"u", "c"}, outs: []string{"y"}},
		[]regionLoop{{name: "inner", region: true}, {name: "outer", region: true}}},
}
