package inline_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
)

// TestBlockLocals checks which BLOCK declarations move into the
// procedure, and under which names: the routine printed afterwards.
func TestBlockLocals(t *testing.T) {
	tests := []struct{ name, src, want string }{{
		name: "hoisted; a name used elsewhere renamed (block name, or _blkN); an automatic array sized by an intent(in) dummy",
		src: `subroutine s(n, x, y)
  integer, intent(in) :: n
  real(8) :: x(n), y, w
  w = 1
  b1: block
    real(8) :: w(n), t
    integer, parameter :: k = 2
    w = x*k
    t = sum(w)
    y = t
  end block b1
  block
    real(8) :: t
    t = y
    y = t*w
  end block
  block
    real(8) :: w
    w = y
    y = w*w
  end block
end subroutine s
`,
		want: `real(8) :: w_b1(n), t_b1
integer, parameter :: k = 2
real(8) :: t
real(8) :: w_blk1
w = 1
b1: block
  w_b1 = x*k
  t_b1 = sum(w_b1)
  y = t_b1
end block b1
block
  t = y
  y = t*w
end block
block
  w_blk1 = y
  y = w_blk1*w_blk1
end block`,
	}, {
		name: "allocatable in a loop: hoisted, freed at the block's start; a type of its own with SEQUENCE: kept; an automatic array sized by a local: allocated at the block's start",
		src: `subroutine s(n, x, y)
  integer :: n, m, i
  real(8) :: x(n), y
  m = n
  do i = 1, 2
  block
    real(8), allocatable :: a(:)
    a = x
    y = sum(a)
  end block
  end do
  block
    real(8) :: b(m)
    b = x(1:m)
    y = sum(b)
  end block
  block
    type :: p
      sequence
      real(8) :: v
    end type p
    type(p) :: q
    q%v = y
    y = q%v
  end block
end subroutine s
`,
		want: `real(8), allocatable :: a(:)
real(8), allocatable :: b(:)
m = n
do i = 1, 2
  block
    if (allocated(a)) deallocate(a)
    a = x
    y = sum(a)
  end block
end do
block
  if (allocated(b)) deallocate(b)
  allocate(b(1:m))
  b = x(1:m)
  y = sum(b)
end block
block
  type :: p
    sequence
    real(8) :: v
  end type p
  type(p) :: q
  q%v = y
  y = q%v
end block`,
	}, {
		name: "a type of its own with a default initialisation in a block that runs once: moves",
		src: `subroutine s(x, y)
  real(8) :: x, y
  block
    type :: p
      real(8) :: v = 0
    end type p
    type(p) :: q
    q%v = q%v + x
    y = q%v
  end block
end subroutine s
`,
		want: `type :: p
  real(8) :: v = 0
end type p
type(p) :: q
block
  q%v = q%v + x
  y = q%v
end block`,
	}, {
		name: "a default initialisation in a loop: moves with a template assigned on each entry",
		src: `subroutine s(x, y)
  real(8) :: x, y
  integer :: i
  do i = 1, 2
  block
    type :: p
      real(8) :: v = 0
      integer :: k = 1
    end type p
    type(p) :: q
    q%v = q%v + x
    y = q%v
  end block
  end do
end subroutine s
`,
		want: `type :: p
  real(8) :: v = 0
  integer :: k = 1
end type p
type(p) :: q
type(p) :: fadj_init_q_blk1
do i = 1, 2
  block
    q = fadj_init_q_blk1
    q%v = q%v + x
    y = q%v
  end block
end do`,
	}, {
		name: "a type of its own: moves with the locals, renamed where the name is taken",
		src: `subroutine s(n, x, y)
  integer :: n, i
  real(8) :: x(n), y
  integer :: p
  p = 1
  y = x(p)
  do i = 1, 2
  block
    type :: p
      real(8) :: v, w(2)
    end type p
    type(p) :: q(n)
    q(1)%v = y
    y = q(1)%v + x(2)
  end block
  end do
end subroutine s
`,
		want: `type :: p_blk1
  real(8) :: v, w(2)
end type p_blk1
type(p_blk1), allocatable :: q(:)
p = 1
y = x(p)
do i = 1, 2
  block
    if (allocated(q)) deallocate(q)
    allocate(q(1:n))
    q(1)%v = y
    y = q(1)%v + x(2)
  end block
end do`,
	}, {
		name: "allocatable in a block that runs once: hoisted",
		src: `subroutine s(n, x, y)
  integer :: n
  real(8) :: x(n), y
  block
    real(8), allocatable :: a(:)
    allocate(a(n))
    a = x*x
    y = sum(a)
  end block
end subroutine s
`,
		want: `real(8), allocatable :: a(:)
block
  allocate(a(n))
  a = x*x
  y = sum(a)
end block`,
	}, {
		name: "a contained procedure's BLOCK stays its own",
		src: `subroutine s(n, x, y)
  integer :: n
  real(8) :: x(n), y
  y = 0
  call inner(2)
contains
  subroutine inner(k)
    integer :: k, i
    do i = 1, k
      block
        real(8), allocatable :: a(:)
        a = x
        y = y + sum(a)
      end block
    end do
  end subroutine inner
end subroutine s
`,
		want: `y = 0
call inner(2)`,
	}, {
		name: "DO CONCURRENT holding a BLOCK: the DO nest (name on the innermost, mask an IF); a POINTER local hoisted; FORALL elsewhere",
		src: `subroutine s(n, x, y)
  integer :: n, i, j
  real(8), target :: x(n, n)
  real(8) :: y(n)
  forall (i = 1:n) y(i) = x(i, i)
  cols: do concurrent (j = 1:n, i = 1:n, y(j) > 0)
    block
      real(8) :: t
      real(8), pointer :: p(:)
      p => x(:, j)
      t = p(i)
      x(i, j) = t*t
    end block
  end do cols
end subroutine s
`,
		want: `real(8) :: t
real(8), pointer :: p(:)
forall (i = 1:n) y(i) = x(i, i)
do j = 1, n
  cols: do i = 1, n
    if (y(j) > 0) then
      block
        p => x(:, j)
        t = p(i)
        x(i, j) = t*t
      end block
    end if
  end do cols
end do`,
	}, {
		name: "DO CONCURRENT whose index the routine reads after it, or whose mask the body defines: kept",
		src: `subroutine s(n, x, m)
  integer :: n, i, k, m(n)
  real(8) :: x(n)
  do concurrent (i = 1:n)
    block
      real(8) :: t
      t = x(i)
      x(i) = t*t
    end block
  end do
  do concurrent (k = 1:n, m(k) > 0)
    block
      real(8) :: t
      t = x(k)
      m(k) = 0
    end block
  end do
  x(1) = i
end subroutine s
`,
		want: `do concurrent (i = 1:n)
  block
    real(8) :: t
    t = x(i)
    x(i) = t*t
  end block
end do
do concurrent (k = 1:n, m(k) > 0)
  block
    real(8) :: t
    t = x(k)
    m(k) = 0
  end block
end do
x(1) = i`,
	}, {
		name: "OpenMP: a BLOCK outside the parallel constructs hoisted, one in a parallel region kept",
		src: `subroutine s(n, x)
  integer :: n, i
  real(8) :: x(n)
  block
    real(8) :: c
    c = 2
    !$omp parallel do
    do i = 1, n
      x(i) = c*x(i)
    end do
  end block
  !$omp parallel
  block
    real(8) :: t
    t = 1
  end block
  !$omp end parallel
  block
    real(8) :: u
    u = x(1)
    x(1) = u*u
  end block
end subroutine s
`,
		want: `real(8) :: c
real(8) :: u
block
  c = 2
  !$omp parallel do
  do i = 1, n
    x(i) = c*x(i)
  end do
end block
!$omp parallel
block
  real(8) :: t
  t = 1
end block
!$omp end parallel
block
  u = x(1)
  x(1) = u*u
end block`,
	}, {
		name: "OpenMP: a BLOCK's locals are private to a thread, kept",
		src: `subroutine s(n, x)
  integer :: n, i
  real(8) :: x(n)
  !$omp parallel do
  do i = 1, n
    block
      real(8) :: t
      t = x(i)
      x(i) = t*t
    end block
  end do
end subroutine s
`,
		want: `!$omp parallel do
do i = 1, n
  block
    real(8) :: t
    t = x(i)
    x(i) = t*t
  end block
end do`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			u := prog.Files[0].Units[0]
			before := len(u.Decls)
			inline.BlockLocals(prog)
			if got := len(u.Decls) - before; got != countNew(tt.want) {
				t.Errorf("%d declarations moved, want %d", got, countNew(tt.want))
			}
			var buf strings.Builder
			for _, s := range u.Decls[len(u.Decls)-countNew(tt.want):] {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			for _, s := range u.Body {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", g, tt.want)
			}
		})
	}
}

// countNew counts the hoisted declarations want starts with (lines
// before the first statement that is not a declaration).
func countNew(want string) int {
	n := 0
	for _, l := range strings.Split(want, "\n") {
		if !strings.Contains(l, "::") {
			break
		}
		n++
	}
	return n
}
