package adjoint_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// Kernels of the tape and speed optimizations: arrays recorded once per
// loop (hoist.go), IF constructs recomputed or their conditions evaluated
// again (recompute.go), dead primal code left out of joint callees
// (live.go). Their derivatives are checked with the others (they join the
// table); TestRecordingShapes checks that each optimization applies, or
// not, where it should.
var tapeKernels = []struct {
	kernel
	has, hasNot []string // in the TBR adjoint
}{
	{
		kernel: kernel{
			name: "hoist1d",
			src: `
subroutine hoist1d(n, u0, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u0(n)
  real(8), intent(out) :: cost
  real(8) :: u(0:n+1), up(n)
  integer :: i, step
  do i = 1, n
    u(i) = u0(i)
  end do
  do step = 1, 3
    u(0) = u(n)
    u(n+1) = u(1)
    do i = 1, n
      up(i) = u(i) + 0.1d0*(u(i+1) - 2*u(i) + u(i-1))*u(i)
    end do
    do i = 1, n
      u(i) = 0.5d0*up(i)**2 + u(i)
    end do
  end do
  cost = 0.0d0
  do i = 1, n
    cost = cost + u(i)**2
  end do
end subroutine
`,
			routine: "hoist1d",
			params:  []param{ival("n", 6), rval("u0", 6), rval("cost")},
			ins:     []string{"u0"},
			outs:    []string{"cost"},
		},
		// u is read by the backward sweep of the first loop, not the
		// second's: one section record per step.
		has:    []string{"call fadj_push_r8_array(u(1:n), size(u(1:n)))", "call fadj_pop_r8_array(u(1:n), size(u(1:n)))"},
		hasNot: []string{"call fadj_push_r8(u(i))"},
	},
	{
		kernel: kernel{
			name: "hoist2d",
			src: `
subroutine hoist2d(m, n, a, c)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: a(m, n)
  real(8), intent(out) :: c
  real(8) :: b(m+1, n)
  integer :: i, j, k
  b = 1.0d0
  c = 0.0d0
  do k = 1, 2
    do j = 1, n
      do i = 1, m
        c = c + b(i+1, j)**2
      end do
    end do
    do j = 1, n
      do i = 1, m
        b(i+1, j) = sin(a(i, j)) + b(i+1, j) + cos(c)
      end do
    end do
  end do
end subroutine
`,
			routine: "hoist2d",
			params:  []param{ival("m", 3), ival("n", 4), rval("a", 3, 4), rval("c")},
			ins:     []string{"a"},
			outs:    []string{"c"},
		},
		// The hull of b(i+1, j) over both loops, pushed once per k.
		has:    []string{"call fadj_push_r8_array(b(2:m + 1, 1:n), size(b(2:m + 1, 1:n)))"},
		hasNot: []string{"call fadj_push_r8(b(i + 1, j))", "call fadj_push_r8_array(b(2:m + 1, j)"},
	},
	{
		kernel: kernel{
			name: "gaussseidel",
			src: `
subroutine gs(n, f, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: f(n)
  real(8), intent(inout) :: u(0:n+1)
  integer :: i, sweep
  do sweep = 1, 3
    do i = 1, n
      u(i) = 0.5d0*(u(i-1) + u(i+1) + f(i)) - 0.1d0*u(i)**3
    end do
  end do
end subroutine
`,
			routine: "gs",
			params:  []param{ival("n", 5), rval("f", 5), rval("u", 7)},
			ins:     []string{"f", "u"},
			outs:    []string{"u"},
		},
		// The backward sweep of the loop reads u, and each element is
		// written once: it is restored from a copy of u(1:n) taken
		// before the loop, which goes on the tape after it.
		has: []string{"fadj_save1 = u(1:n)", "call fadj_push_r8_array(fadj_save1, size(fadj_save1))",
			"call fadj_pop_r8_array(fadj_save1, size(fadj_save1))", "u(i) = fadj_save1(i)"},
		hasNot: []string{"call fadj_push_r8(u(i))", "fadj_push_r8_array(u"},
	},
	{
		kernel: kernel{
			name: "gaussseidel3",
			src: `
subroutine gs3(n, u, v)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(0:n+1), v(0:n+1)
  integer :: i, sweep
  do sweep = 1, 2
    do i = 1, n
      u(i) = 0.5d0*(u(i-1) + u(i+1)) + 0.1d0*v(i)**2
      v(i) = 0.5d0*(v(i-1) + v(i+1)) - 0.1d0*u(i)**2
    end do
  end do
end subroutine
`,
			routine: "gs3",
			params:  []param{ival("n", 5), rval("u", 7), rval("v", 7)},
			ins:     []string{"u", "v"},
			outs:    []string{"u", "v"},
		},
		// Two copies on the tape after the loop, popped in reverse.
		has: []string{"fadj_save1 = u(1:n)", "fadj_save2 = v(1:n)",
			"    call fadj_push_r8_array(fadj_save2, size(fadj_save2))\n    deallocate(fadj_save2)\n    call fadj_push_r8_array(fadj_save1, size(fadj_save1))",
			"    call fadj_pop_r8_array(fadj_save1, size(fadj_save1))\n    allocate(fadj_save2(1:n))\n    call fadj_pop_r8_array(fadj_save2, size(fadj_save2))"},
	},
	{
		kernel: kernel{
			name: "gaussseidel2",
			src: `
subroutine gs2(n, f, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: f(n)
  real(8), intent(inout) :: u(0:n+1)
  integer :: i, j
  do j = 1, 2
    do i = 1, n
      u(i) = 0.5d0*(u(i-1) + u(i+1) + f(i)) - 0.1d0*u(i)**3
      u(i) = u(i)*f(i)
    end do
  end do
  do i = 1, n
    do j = 1, 2
      u(i) = sin(u(i)) + f(i)*u(i-1)
    end do
  end do
end subroutine
`,
			routine: "gs2",
			params:  []param{ival("n", 5), rval("f", 5), rval("u", 7)},
			ins:     []string{"f", "u"},
			outs:    []string{"u"},
		},
		// Two assignments of u(i) in a loop, and u(i) written again for
		// each j: element records.
		has:    []string{"call fadj_push_r8(u(i))"},
		hasNot: []string{"fadj_save"},
	},
	{
		kernel: kernel{
			name: "condsection",
			src: `
subroutine condsec(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: w(n)
  integer :: i, k
  w = 1.0d0
  y = 0.0d0
  do k = 1, 2
    do i = 1, n
      y = y + w(i)**2
    end do
    do i = 1, n
      if (x(i) > 0.0d0) w(i) = x(i)*w(i) + 1.0d0
    end do
  end do
end subroutine
`,
			routine: "condsec",
			params:  []param{ival("n", 6), rval("x", 6), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// An element written under an IF keeps its record.
		has: []string{"call fadj_push_r8(w(i))"},
	},
	{
		kernel: kernel{
			name: "upwindif",
			src: `
subroutine upw(n, u0, q0, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u0(n), q0(n)
  real(8), intent(out) :: cost
  real(8) :: u(0:n+1), q(0:n+1), un(n), qn(n), du, dq
  integer :: i, step
  u(1:n) = u0
  q(1:n) = q0
  do step = 1, 3
    u(0) = u(n)
    u(n+1) = u(1)
    q(0) = q(n)
    q(n+1) = q(1)
    do i = 1, n
      if (u(i) > 0.0d0) then
        du = u(i) - u(i-1)
        dq = q(i) - q(i-1)
      else
        du = u(i+1) - u(i)
        dq = q(i+1) - q(i)
      end if
      un(i) = u(i) - 0.3d0*u(i)*du
      qn(i) = q(i) - 0.3d0*u(i)*dq
    end do
    do i = 1, n
      u(i) = un(i)
      q(i) = qn(i)
    end do
  end do
  cost = sum(q(1:n)**2) + sum(u(1:n))
end subroutine
`,
			routine: "upw",
			params:  []param{ival("n", 6), rval("u0", 6), rval("q0", 6), rval("cost")},
			ins:     []string{"u0", "q0"},
			outs:    []string{"cost"},
		},
		// du is recomputed from u, which the backward sweep has; dq
		// would need q, which it does not have: dq is recorded, once
		// per iteration (in one branch or the other), so in a buffer
		// indexed by i. The branch is found again from u(i).
		has:    []string{"fadj_save1(i) = dq", "dq = fadj_save1(i)", "allocate(fadj_save1(1:n))"},
		hasNot: []string{"call fadj_push_r8(du)", "call fadj_push_r8(dq)", "fadj_push_i4(", "fadj_push_bits("},
	},
	{
		kernel: kernel{
			name: "buffers",
			src: `
subroutine buf(n, m, x, y)
  implicit none
  integer, intent(in) :: n, m
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: t, s, w
  integer :: i, j, k
  y = 0.0d0
  do j = 1, m
    do i = n, 1, -1
      t = x(i)*j
      y = y + sin(t)
      select case (mod(i, 3))
      case (0)
        s = x(i)**2
      case (1)
        s = cos(x(i))
      case default
        s = x(i)
      end select
      y = y + s*s
      if (x(i) > 0.4d0) then
        w = sin(y)*x(i)
        y = y + w**2
      end if
      k = 0
      do while (k < 2)
        k = k + 1
        y = y + sin(y)*0.1d0
      end do
    end do
  end do
end subroutine
`,
			routine: "buf",
			params:  []param{ival("n", 6), ival("m", 2), rval("x", 6), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// t is recomputed; s, recorded in each case, goes in a buffer
		// indexed by i (the DO of step -1); w, recorded under an IF
		// without ELSE, and y, recorded several times per iteration,
		// stay on the tape.
		has: []string{"allocate(fadj_save1(1:n))", "fadj_save1(i) = s", "s = fadj_save1(i)", "call fadj_push_r8(w)",
			"call fadj_pop_r8(w)", "call fadj_push_r8(y)"},
		hasNot: []string{"call fadj_push_r8(t)", "call fadj_push_r8(s)"},
	},
	{
		kernel: kernel{
			name: "passivewhere",
			src: `
subroutine pw(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: w(n)
  integer :: k
  w = 1.0d0
  y = 0.0d0
  do k = 1, 3
    y = y + sum(w*x**2)
    where (w > 0.5d0) w = w*0.5d0
    where (x > 0.3d0)
      w = w + 0.25d0
    elsewhere
      w = w - 0.1d0
    end where
  end do
end subroutine
`,
			routine: "pw",
			params:  []param{ival("n", 6), rval("x", 6), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// WHERE on passive values (the mask may read active ones): run
		// forward, the arrays the adjoint reads recorded whole.
		has: []string{"call fadj_push_r8_array(w, size(w))\n    where (w > 0.5d0) w = w*0.5d0",
			"call fadj_push_r8_array(w, size(w))\n    where (x > 0.3d0)"},
	},
	{
		kernel: kernel{
			name: "activewhere",
			src: `
subroutine aw(n, a, u, w, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a, u(n), w(n, 2)
  real(8), intent(out) :: y
  real(8) :: r(n), v(n), q(n, 2)
  integer :: k
  r = u
  v = 0.0d0
  q = w
  do k = 1, 3
    where (r < 0.6d0) r = r*r + a
    where (u > 0.7d0)
      v = sqrt(u)*r + v
    elsewhere (u > 0.3d0)
      v = a*u**2 + v*r
      r = r*v
    elsewhere
      v = exp(u) - a
    end where
    where (q > 0.4d0) q = q*a + w
    where (v(2:n-1) > 0.5d0) v(2:n-1) = v(1:n-2)*r(3:n)
  end do
  y = sum(v) + sum(r**2) + sum(q)
end subroutine
`,
			routine: "aw",
			params:  []param{ival("n", 7), rval("a"), rval("u", 7), rval("w", 7, 2), rval("y")},
			ins:     []string{"a", "u", "w"},
			outs:    []string{"y"},
		},
		// Masks computed once, pushed after the construct on the bit
		// tape, one bit per element; masked adjoints; the scalar a gets
		// sums under the masks.
		has: []string{"fadj_where2 = u > 0.7d0", "fadj_where3 = .not. fadj_where2 .and. (u > 0.3d0)",
			"fadj_where4 = .not. (fadj_where2 .or. fadj_where3)", "where (fadj_where2) v = sqrt(u)*r + v",
			"call fadj_push_bits_array(fadj_where2, size(fadj_where2))",
			"call fadj_pop_bits_array(fadj_where2, size(fadj_where2))", "mask=fadj_where"},
		hasNot: []string{"fadj_push_l_array"},
	},
	{
		kernel: kernel{
			name:  "labeleddead",
			fixed: true,
			src: `
      SUBROUTINE SQS(X, Y, S, N)
      INTEGER N, I
      DOUBLE PRECISION X(N), Y(N), S
      S = 0.0D0
      DO 10 I = 1, N
      S = S + X(I)**3
   10 Y(I) = X(I)**2
      END
      SUBROUTINE TOP(X, C, N)
      INTEGER N
      DOUBLE PRECISION X(N), C, Y(N), S
      CALL SQS(X, Y, S, N)
      C = S + Y(1)*Y(2)
      END
`,
			routine: "top",
			params:  []param{rval("x", 4), rval("c"), ival("n", 4)},
			ins:     []string{"x"},
			outs:    []string{"c"},
		},
		// SQS_b needs neither S nor Y forward, but the labeled DO
		// terminal keeps its statement (leaving it out crashed fadj).
		has:    []string{"10 Y(I) = X(I)**2"},
		hasNot: []string{"S = S + X(I)**3"},
	},
	{
		kernel: kernel{
			name: "ifnoelse",
			src: `
subroutine ifne(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i
  y = 0.0d0
  do i = 1, n
    if (x(i) > 0.5d0) y = y + x(i)**2
    if (x(i) < 0.5d0) then
      y = y*x(i)
    end if
  end do
end subroutine
`,
			routine: "ifne",
			params:  []param{ival("n", 7), rval("x", 7), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// x never changes: the conditions are evaluated again.
		hasNot: []string{"fadj_push_i4(", "fadj_push_bits(", "fadj_branch"},
	},
	{
		kernel: kernel{
			name: "ifpassivecond",
			src: `
subroutine ifpc(x, y)
  implicit none
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer :: k, i
  k = 0
  y = x
  do i = 1, 4
    if (k > 1) then
      y = y*x
    else
      y = sin(y)
    end if
    k = k + 1
  end do
end subroutine
`,
			routine: "ifpc",
			params:  []param{rval("x"), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// k changes after the IF and the backward sweep does not need
		// it: the branch is recorded, in one bit.
		has:    []string{"call fadj_push_bits(0, 1)", "call fadj_push_bits(1, 1)", "call fadj_pop_bits(fadj_branch, 1)"},
		hasNot: []string{"fadj_push_i4(", "fadj_pop_i4("},
	},
	{
		kernel: kernel{
			name: "bitbranches",
			src: `
subroutine bitbr(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: t
  integer :: i, k
  y = 0
  do i = 1, n
    t = sin(x(i))
    if (y > 1.0d0) y = 0.5d0*y + t*t
    if (y > 1.2d0) then
      y = y*t
    else if (y > 0.3d0) then
      y = y + cos(t)
    else
      y = y - t**3
    end if
    k = mod(i, 7)
    select case (k)
    case (0)
      y = y*1.5d0
    case (1)
      y = y + t*y
    case (2)
      y = sqrt(y*y + 1)
    case (3)
      y = y - t
    case (4)
      y = y*t + 1
    end select
    t = 0
  end do
end subroutine
`,
			routine: "bitbr",
			params:  []param{ival("n", 9), rval("x", 9), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// The conditions read y, which the branches overwrite: the
		// branches are recorded, in the fewest bits: an IF without ELSE has two choices (1 bit,
		// none taken is 1), IF, ELSE IF, ELSE three (2 bits), the SELECT
		// CASE five cases and none (3 bits).
		has: []string{"call fadj_push_bits(1, 1)", "call fadj_pop_bits(fadj_branch, 1)",
			"call fadj_push_bits(2, 2)", "call fadj_pop_bits(fadj_branch, 2)",
			"call fadj_push_bits(5, 3)", "call fadj_push_bits(4, 3)", "call fadj_pop_bits(fadj_branch, 3)"},
		hasNot: []string{"fadj_push_i4(", "fadj_pop_i4(", "fadj_push_bits(3, 2)", "fadj_push_bits(6, 3)"},
	},
	{
		kernel: kernel{
			name: "bitjumps",
			src: `
subroutine bitj(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  integer :: i, j
  y = 1
  do j = 1, 3
    do i = 1, n
      y = y*sin(x(i) + j)
      if (y > 0.5d0) cycle
      y = y + x(i)**2
      if (y > 2.0d0) exit
    end do
  end do
end subroutine
`,
			routine: "bitj",
			params:  []param{ival("n", 6), rval("x", 6), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// Jump markers: 0 (fell through), the CYCLE (1) and the EXIT (2),
		// three markers in 2 bits wherever they are pushed and popped.
		// The inner loop's bounds and trip count are recorded (a jump
		// leaves it), not its step, the constant 1.
		has: []string{"call fadj_push_bits(0, 2)", "call fadj_push_bits(1, 2)", "call fadj_pop_bits(fadj_branch, 2)",
			"call fadj_push_i4(fadj_count2)", "  fadj_st2 = 1\n"},
		hasNot: []string{"fadj_push_i4(0)", "fadj_push_i4(1)", "fadj_pop_i4(fadj_branch)", ", 1)", "fadj_push_i4(fadj_st"},
	},
	{
		kernel: kernel{
			name: "recomputechain",
			src: `
subroutine chain(n, x, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  real(8) :: k1, k2
  integer :: i
  do i = 1, n
    k1 = x(i)*2.0d0
    k2 = k1**2
    y(i) = k2*x(i)
  end do
end subroutine
`,
			routine: "chain",
			params:  []param{ival("n", 5), rval("x", 5), rval("y", 5)},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// k2's recomputation reads k1: k1 is recomputed first, at the
		// same place (recomputing k1 later was a wrong derivative).
		has:    []string{"    k1 = x(i)*2.0d0\n    k2 = k1**2\n    k2_b = k2_b + x(i)*y_b(i)\n"},
		hasNot: []string{"call fadj_push_r8(k1)", "call fadj_push_r8(k2)"},
	},
	{
		kernel: kernel{
			name: "deadcallee",
			src: `
subroutine rhs(m, x, dxdt, s)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: x(m)
  real(8), intent(out) :: dxdt(m), s
  integer :: i, ip1, im1
  real(8) :: t
  s = 0.0d0
  do i = 1, m
    ip1 = mod(i, m) + 1
    im1 = mod(i + m - 2, m) + 1
    t = x(ip1)*x(im1)
    dxdt(i) = t - x(i)
    s = s + sin(t)
  end do
end subroutine
subroutine steps(m, x, c)
  implicit none
  integer, intent(in) :: m
  real(8), intent(inout) :: x(m)
  real(8), intent(out) :: c
  real(8) :: k(m), s
  integer :: n
  c = 0.0d0
  do n = 1, 3
    call rhs(m, x, k, s)
    x = x + 0.1d0*k
    c = c + s*x(1)
  end do
end subroutine
`,
			routine: "steps",
			params:  []param{ival("m", 5), rval("x", 5), rval("c")},
			ins:     []string{"x"},
			outs:    []string{"c"},
		},
		// rhs_b computes neither dxdt nor s: its backward sweep
		// recomputes ip1, im1 and t.
		hasNot: []string{"dxdt(i) = t - x(i)", "s = s + sin(t)", "call fadj_push_r8(t)"},
	},
	{
		kernel: kernel{
			name: "privateloop",
			src: `
subroutine bump(v)
  implicit none
  real(8), intent(inout) :: v
  v = v + 0.1d0*v**2
end subroutine
subroutine react(n, u, k, dt)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: k(n), dt
  integer :: i
  do i = 1, n
    u(i) = u(i) + dt*k(i)*u(i)*(1.0d0 - u(i))
    u(i) = 0.1d0*u(i)**2 + 0.5d0*u(i)
  end do
end subroutine
subroutine sweep(n, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  integer :: i
  do i = 2, n
    u(i) = u(i) + 0.1d0*u(i-1)**2
  end do
end subroutine
subroutine passer(n, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  integer :: i
  do i = 1, n
    u(i) = 0.9d0*u(i)
    call bump(u(i))
    u(i) = 0.5d0*sin(u(i))
  end do
end subroutine
subroutine privateloop(n, k, u0, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: k(n), u0(n)
  real(8), intent(out) :: cost
  real(8) :: u(n)
  integer :: step
  u = u0
  do step = 1, 3
    call react(n, u, k, 0.1d0)
    call sweep(n, u)
    call passer(n, u)
  end do
  cost = sum(u**2)
end subroutine
`,
			routine: "privateloop",
			params:  []param{ival("n", 5), rval("k", 5), rval("u0", 5), rval("cost")},
			ins:     []string{"k", "u0"},
			outs:    []string{"cost"},
		},
		// react's loop touches u(i) only in iteration i: react_b runs
		// the first assignment (the second's adjoint reads its result),
		// not the second. sweep's iteration reads what the previous one
		// wrote, and passer passes u(i) to a call: their loops stay.
		has: []string{
			"    u(i) = u(i) + dt*k(i)*u(i)*(1.0d0 - u(i))\n",
			"    u(i) = u(i) + 0.1d0*u(i - 1)**2\n",
			"    u(i) = 0.5d0*sin(u(i))\n",
		},
		hasNot: []string{"    u(i) = 0.1d0*u(i)**2 + 0.5d0*u(i)\n"},
	},
	{
		kernel: kernel{
			name: "heuncall",
			src: `
module heunstats
  implicit none
  real(8) :: evals
end module
subroutine rhs(n, x, f)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: f(n)
  integer :: i
  do i = 1, n
    f(i) = -x(i)**3 + 0.5d0*sin(x(mod(i, n) + 1))
  end do
end subroutine
subroutine rhscount(n, x, f)
  use heunstats
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: f(n)
  evals = evals + 1.0d0
  call rhs(n, x, f)
end subroutine
subroutine heunstep(n, dt, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt
  real(8), intent(inout) :: x(n)
  real(8) :: k1(n), k2(n), xs(n)
  call rhs(n, x, k1)
  xs = x + dt*k1
  call rhs(n, xs, k2)
  x = x + 0.5d0*dt*(k1 + k2)
end subroutine
subroutine heuncount(n, dt, x)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: dt
  real(8), intent(inout) :: x(n)
  real(8) :: k1(n), k2(n), xs(n)
  call rhscount(n, x, k1)
  xs = x + dt*k1
  call rhscount(n, xs, k2)
  x = x + 0.5d0*dt*(k1 + k2)
end subroutine
subroutine heuncall(n, x0, cost)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x0(n)
  real(8), intent(out) :: cost
  real(8) :: x(n)
  integer :: step
  x = x0
  do step = 1, 3
    call heunstep(n, 0.1d0, x)
    call heuncount(n, 0.1d0, x)
  end do
  cost = sum(x**2)
end subroutine
`,
			routine: "heuncall",
			params:  []param{ival("n", 6), rval("x0", 6), rval("cost")},
			ins:     []string{"x0"},
			outs:    []string{"cost"},
		},
		// heunstep_b needs k1 (for xs, which rhs_b reads), not k2: the
		// second call of rhs is left out. rhscount defines a module
		// variable: heuncount_b makes both calls.
		has:    []string{"  call rhs(n, x, k1)\n", "  call rhscount(n, x, k1)\n", "  call rhscount(n, xs, k2)\n"},
		hasNot: []string{"  call rhs(n, xs, k2)\n"},
	},
	{
		kernel: kernel{
			name: "upwindindex",
			src: `
subroutine upwindindex(n, q, t, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: q, t(n)
  real(8), intent(out) :: y
  integer :: i, up
  y = 0
  do i = 1, n
    if (q >= 0) then
      up = i - 1
      if (up < 1) up = n
    else
      up = i + 1
      select case (up - n)
      case (1:)
        up = 1
      end select
    end if
    y = y + abs(q)*t(up)*t(i)
  end do
end subroutine
`,
			routine: "upwindindex",
			params:  []param{ival("n", 5), rval("q"), rval("t", 5), rval("y")},
			ins:     []string{"q", "t"},
			outs:    []string{"y"},
		},
		// The box model's upwind index: the inner IF and SELECT only set the
		// integer index, which is saved before the outer IF's
		// assignments and restored in its adjoint; they have no adjoint,
		// so their branches are not recorded (and the outer condition
		// is evaluated again).
		has:    []string{"    if (q >= 0) then\n      up = fadj_save1(i)\n"},
		hasNot: []string{"fadj_branch", "call fadj_push_i4(", "call fadj_push_bits("},
	},
	{
		kernel: kernel{
			name:    "longproduct",
			src:     productKernel("longproduct", 24),
			routine: "longproduct",
			params:  []param{rval("x", 24), rval("y")},
			ins:     []string{"x"},
			outs:    []string{"y"},
		},
		// The partials of the 24 factors share their prefix and suffix
		// products (package share): x(1)'s is a temporary built on
		// the others', not a product of 23 factors.
		has:    []string{"  x_b(1) = x_b(1) + x(2)*fadj_tmp"},
		hasNot: []string{"x(2)*(x(3)*(x(4)"},
	},
}

func init() {
	for _, k := range tapeKernels {
		kernels = append(kernels, k.kernel)
	}
}

// TestRecordingShapes checks what the TBR adjoints of tapeKernels record.
func TestRecordingShapes(t *testing.T) {
	for _, k := range tapeKernels {
		t.Run(k.name, func(t *testing.T) {
			file := k.name + ".f90"
			if k.fixed {
				file = k.name + ".f"
			}
			prog := loadSrc(t, file, k.src)
			_, af, err := generate(t, prog, k.routine, k.ins, k.outs)
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			if err := printer.Fprint(&sb, af); err != nil {
				t.Fatal(err)
			}
			code := sb.String()
			for _, s := range k.has {
				if !strings.Contains(code, s) {
					t.Errorf("adjoint lacks %q:\n%s", s, code)
				}
			}
			for _, s := range k.hasNot {
				if strings.Contains(code, s) {
					t.Errorf("adjoint has %q:\n%s", s, code)
				}
			}
		})
	}
}

// productKernel is a routine name(x, y) computing y = x(1)*...*x(n) and
// then y = y*sin(y), one factor per line.
func productKernel(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "subroutine %s(x, y)\n  implicit none\n  real(8), intent(in) :: x(%d)\n  real(8), intent(out) :: y\n  y = x(1)", name, n)
	for k := 2; k <= n; k++ {
		fmt.Fprintf(&b, " &\n    *x(%d)", k)
	}
	b.WriteString("\n  y = y*sin(y)\nend subroutine\n")
	return b.String()
}

// TestLongProductLinear checks that the tangent and the adjoint of a
// product of n factors grow linearly with n: written out, its partials
// would grow as n².
func TestLongProductLinear(t *testing.T) {
	tan, adj := map[int]int{}, map[int]int{}
	for _, n := range []int{500, 1000, 2000} {
		k := kernel{name: "product", src: productKernel("product", n), routine: "product",
			params: []param{rval("x", n), rval("y")}, ins: []string{"x"}, outs: []string{"y"}}
		ts, as := generateCode(t, k, adjoint.Config{})
		tan[n], adj[n] = len(ts), len(as)
	}
	t.Logf("tangent bytes: %v, adjoint bytes: %v", tan, adj)
	for _, n := range []int{1000, 2000} {
		for _, c := range []struct {
			mode  string
			sizes map[int]int
		}{{"tangent", tan}, {"adjoint", adj}} {
			if r := float64(c.sizes[n]) / float64(c.sizes[n/2]); r > 2.2 {
				t.Errorf("%d factors: %s of %d bytes, %.2f times that of %d factors (want linear growth)", n, c.mode, c.sizes[n], r, n/2)
			}
		}
	}
}
