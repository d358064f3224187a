package adjoint_test

// Snapshots of allocatable arrays, derived types and characters
// (snap_alloc.go), checked against the plain adjoint by
// TestCheckpointedLoopsAsPlain.
func init() {
	regionKernels = append(regionKernels, snapKernels...)
	allModes["bnalloc"], allModes["bndtype"], allModes["bnchar"], allModes["bncharcall"], allModes["bndtypearrays"] = true, true, true, true, true
}

var snapKernels = []regionKernel{
	{kernel{name: "bnalloc", src: `
subroutine model(n, nt, x, cost)
  integer :: n, nt, it, i
  real(8) :: x(n), cost
  real(8), allocatable :: w(:), h(:), unused(:)
  allocate(w(n), h(0:n - 1))
  w = x
  h = 1
  cost = 0
  do it = 1, nt
    do i = 1, n
      w(i) = w(i) + 0.1d0*sin(w(i))*h(i - 1)
    end do
    h = h*1.01d0 + 0.01d0*w
    if (allocated(unused)) unused = 2*unused
    w = sqrt(w**2 + 0.1d0)
    cost = cost + sum(w**2) + sum(h)
  end do
  cost = cost + sum(w*h)
  deallocate(w, h)
end subroutine
`, routine: "model", params: []param{ival("n", 6), ival("nt", 13), rval("x", 6), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bnallocblock", src: `
subroutine model(n, x, cost)
  integer :: n, i
  real(8) :: x(n), cost
  real(8), allocatable :: w(:)
  allocate(w(n))
  w = x
  stage: block
    do i = 2, n
      w(i) = w(i) + 0.3d0*sin(w(i - 1))
    end do
    w = w*w
  end block stage
  cost = sum(w**2)
end subroutine
`, routine: "model", params: []param{ival("n", 5), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{name: "stage", region: true}}},
	{kernel{name: "bndtype", src: `
module st
  implicit none
  type forcing
    real(8) :: amp
    integer :: phase
  end type forcing
  type state
    real(8) :: u(6)
    real(8) :: e
    integer :: count
    character(len=4) :: regime
    type(forcing) :: f
  end type state
  type cell
    real(8) :: m
    logical :: wet
  end type cell
end module st

subroutine model(nt, x, s0, cost)
  use st
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x(6), s0
  real(8), intent(out) :: cost
  type(state) :: q
  type(cell) :: cells(6)
  integer :: it, i
  q%u = x
  q%e = s0
  q%count = 0
  q%regime = 'calm'
  q%f%amp = 0.5d0
  q%f%phase = 1
  cells%m = 1
  cells%wet = .true.
  do it = 1, nt
    do i = 1, 6
      q%u(i) = q%u(i) + 0.1d0*sin(q%e*q%u(i) + i)*cells(i)%m
      if (cells(i)%wet) cells(i)%m = cells(i)%m + 0.05d0*q%u(i)*q%f%amp
    end do
    cells(q%f%phase)%wet = .not. cells(q%f%phase)%wet
    q%f%phase = mod(q%f%phase, 6) + 1
    if (q%regime == 'calm') then
      q%f%amp = q%f%amp*0.9d0 + 0.01d0*q%e
      q%regime = 'wild'
    else
      q%f%amp = q%f%amp*1.05d0 - 0.02d0*q%e
      q%regime = 'calm'
    end if
    q%e = q%e + 0.05d0*sum(q%u)/6
    q%count = q%count + 1
  end do
  cost = q%e*sum(q%u) + q%count + sum(cells%m)
end subroutine model
`, routine: "model", params: []param{ival("nt", 11), rval("x", 6), rval("s0"), rval("cost")}, ins: []string{"x", "s0"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bndtypeblock", src: `
module st
  type state
    real(8) :: u(4), e
    integer :: k
  end type
  type cellt
    real(8) :: e
  end type
end module
subroutine model(x, cost)
  use st
  real(8) :: x(4), cost
  type(state) :: q
  type(cellt) :: qs(3)
  integer :: i
  q%u = x
  q%e = 1
  q%k = 2
  qs%e = x(1:3)
  stage: block
    do i = 2, 4
      q%u(i) = q%u(i) + 0.3d0*sin(q%u(i - 1))*q%e
    end do
    q%e = q%e*q%u(q%k)
    qs%e = qs%e*q%e
    q%k = 3
  end block stage
  cost = sum(q%u**2) + q%e + sum(qs%e)
end subroutine
`, routine: "model", params: []param{rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{name: "stage", region: true}}},
	{kernel{name: "bnchar", src: `
subroutine model(nt, x, cost)
  implicit none
  integer, intent(in) :: nt
  real(8), intent(in) :: x(5)
  real(8), intent(out) :: cost
  real(8) :: u(5)
  character(len=6) :: scheme
  character(len=1) :: flag(5)
  integer :: it, i
  u = x
  scheme = 'upwind'
  flag = 'a'
  cost = 0
  do it = 1, nt
    do i = 1, 5
      if (flag(i) == 'a') then
        u(i) = u(i) + 0.1d0*sin(u(i))
      else
        u(i) = u(i)*0.95d0 + 0.02d0*u(i)**2
      end if
    end do
    if (scheme == 'upwind') then
      u(2:5) = u(2:5) - 0.2d0*(u(2:5) - u(1:4))
      scheme = 'center'
    else
      u(2:4) = u(2:4) - 0.1d0*(u(3:5) - u(1:3))
      scheme = 'upwind'
    end if
    flag(mod(it, 5) + 1) = merge('b', 'a', flag(mod(it, 5) + 1) == 'a')
    cost = cost + sum(u**2)
  end do
end subroutine model
`, routine: "model", params: []param{ival("nt", 13), rval("x", 5), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bncharwhile", src: `
subroutine model(x, cost)
  real(8) :: x(3), cost, t
  character(len=5) :: mode
  t = 0
  mode = 'slow'
  cost = 0
  do while (t < 2.0d0)
    if (mode == 'slow') then
      x = x + 0.05d0*sin(x)
      t = t + 0.1d0
      mode = 'fast'
    else
      x = x*0.98d0 + 0.01d0*x(1)
      t = t + 0.15d0
      mode = 'slow'
    end if
    cost = cost + sum(x**2)
  end do
end subroutine
`, routine: "model", params: []param{rval("x", 3), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "while", 2, 7, false, ""}}},
	{kernel{name: "bncharcall", src: `
subroutine step(u, mode, tag)
  real(8) :: u(3)
  character(len=4) :: mode
  character(len=2) :: tag
  if (mode == 'fast') then
    u = sin(u) + u
  else
    u = 0.9d0*u + 0.05d0*cos(u)
  end if
  if (tag == 'on') then
    u(1) = u(1)*0.8d0
    tag = 'of'
  else
    tag = 'on'
  end if
end subroutine
subroutine model(nt, x, cost)
  integer :: nt, it
  real(8) :: x(3), cost, u(3)
  character(len=4) :: mode
  character(len=2) :: tag
  u = x
  mode = 'fast'
  tag = 'on'
  cost = 0
  do it = 1, nt
    call step(u, mode, tag)
    if (mode == 'fast') then
      mode = 'slow'
    else
      mode = 'fast'
    end if
    cost = cost + sum(u)
  end do
  call step(u, mode, tag)
  mode = 'xxxx'
  cost = cost + sum(u**2)
end subroutine
`, routine: "model", params: []param{ival("nt", 7), rval("x", 3), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
	{kernel{name: "bnallocwhile", src: `
subroutine model(x, cost)
  real(8) :: x(4), cost, t
  real(8), allocatable :: w(:)
  allocate(w(4))
  w = x
  t = 0
  cost = 0
  do while (t < 2.0d0)
    w = w + 0.05d0*sin(w)*w(1)
    t = t + 0.1d0
    cost = cost + sum(w**2)
  end do
  deallocate(w)
end subroutine
`, routine: "model", params: []param{rval("x", 4), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "while", 3, 8, false, ""}}},
	{kernel{name: "bndtypearrays", src: `
module st
  type cell
    real(8) :: v(3), m
    character(len=2) :: tag(2)
  end type
end module
subroutine model(nt, x, cost)
  use st
  integer :: nt, it, i
  real(8) :: x(3), cost
  type(cell) :: cs(2, 2)
  do i = 1, 2
    cs(i, :)%m = i
    cs(i, 1)%v = x*i
    cs(i, 2)%v = x + i
  end do
  cs(1, 1)%tag = ['ab', 'cd']
  cs(2, 1)%tag = 'ab'
  cs(1, 2)%tag = 'cd'
  cs(2, 2)%tag = 'ab'
  cost = 0
  do it = 1, nt
    do i = 1, 2
      if (cs(i, 1)%tag(2) == 'cd') then
        cs(i, 1)%v = cs(i, 1)%v + 0.1d0*sin(cs(i, 2)%v)*cs(i, 1)%m
        cs(i, 1)%tag(2) = 'ab'
      else
        cs(i, 1)%v = 0.9d0*cs(i, 1)%v + 0.05d0*cs(i, 2)%v**2
        cs(i, 1)%tag(2) = 'cd'
      end if
      cs(i, 2)%v = cs(i, 2)%v + 0.1d0*cs(i, 1)%v
    end do
    cost = cost + sum(cs(1, 1)%v) + sum(cs(2, 2)%v**2)
  end do
end subroutine
`, routine: "model", params: []param{ival("nt", 8), rval("x", 3), rval("cost")}, ins: []string{"x"}, outs: []string{"cost"}},
		[]regionLoop{{"model", "", "it", 3, 0, false, ""}}},
}
