package inline_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
)

// TestAssociations checks which ASSOCIATE constructs are replaced by
// their bodies, one snippet each: the routine's body printed afterwards.
func TestAssociations(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "components, nested, element with a constant subscript",
		src: `subroutine s(p, st, y)
  type t
    real(8) :: a, c(3), v(4)
  end type t
  type(t) :: p, st
  real(8) :: y
  integer :: i
  associate(a => p%a, v => st%v)
    do i = 1, 4
      v(i) = v(i)*a
    end do
    associate(c2 => p%c(2))
      y = c2*v(1)
    end associate
  end associate
end subroutine s
`,
		body: "do i = 1, 4\n  st%v(i) = st%v(i)*p%a\nend do\ny = p%c(2)*st%v(1)",
	}, {
		name: "a named construct becomes a BLOCK",
		src: `subroutine s(x, y)
  real(8) :: x(3), y
  outer: associate(z => x)
    y = sum(z)
  end associate outer
end subroutine s
`,
		body: "outer: block\n  y = sum(x)\nend block outer",
	}, {
		name: "an array expression not shaped by a whole array, or a subscript the body changes, keeps the construct; one it keeps is substituted",
		src: `subroutine s(x, y, k)
  real(8) :: x(3), y
  integer :: k
  associate(sq => matmul(reshape(x, [3, 1]), reshape(x, [1, 3])))
    y = sum(sq)
  end associate
  associate(e => x(k))
    k = k + 1
    y = y + e
  end associate
  associate(e => x(k+1))
    y = y + e
  end associate
end subroutine s
`,
		body: "associate (sq => matmul(reshape(x, [3, 1]), reshape(x, [1, 3])))\n  y = sum(sq)\nend associate\nassociate (e => x(k))\n  k = k + 1\n  y = y + e\nend associate\ny = y + x(k + 1)",
	}, {
		name: "scalar values become locals of a BLOCK, assigned first; a plain selector beside them is substituted",
		src: `subroutine s(x, y, k)
  real(8) :: x(3), y
  integer :: k
  associate(d => x(k+1) - x(k), big => x(k) > 1, first => x(1), m => 2*k)
    if (big) y = y + d*m
    first = first + d
  end associate
end subroutine s
`,
		body: "block\n  real(8) :: d\n  logical(4) :: big\n  integer(4) :: m\n  d = x(k + 1) - x(k)\n  big = x(k) > 1\n  m = 2*k\n  if (big) y = y + d*m\n  x(1) = x(1) + d\nend block",
	}, {
		name: "sections with fixed subscripts: references shift by the triplets' lower bounds",
		src: `subroutine s(n, u, w, y)
  integer :: n, j, k
  real(8) :: u(0:n+1, n), w(n, n), y
  do j = 1, n
    associate(col => u(:, j), inner => w(2:n, j), blk => w(2:n, 1:j))
      do k = 1, n - 1
        inner(k) = col(k+1) - col(k) + blk(k, 1)
      end do
      col(1:2) = inner(n-2:)
      y = y + sum(col) + blk(1, j)
    end associate
  end do
end subroutine s
`,
		body: "do j = 1, n\n  do k = 1, n - 1\n    w(k + 1, j) = u(k, j) - u(k - 1, j) + w(k + 1, 1)\n  end do\n  u(0:1, j) = w(n - 1:n, j)\n  y = y + sum(u(:, j)) + w(2, j)\nend do",
	}, {
		name: "a section whose subscript the body changes, or a strided one, keeps the construct",
		src: `subroutine s(n, u, y)
  integer :: n, j
  real(8) :: u(n, n), y
  j = 1
  associate(col => u(:, j))
    j = 2
    y = col(1)
  end associate
  associate(odd => u(1:n:2, 1))
    y = y + odd(1)
  end associate
end subroutine s
`,
		body: "j = 1\nassociate (col => u(:, j))\n  j = 2\n  y = col(1)\nend associate\nassociate (odd => u(1:n:2, 1))\n  y = y + odd(1)\nend associate",
	}, {
		name: "array values become automatic arrays shaped by a whole dummy or constant-shape array",
		src: `subroutine s(n, x, y)
  integer :: n
  real(8) :: x(n), y, c(4)
  c = 1
  associate(g => exp(-x)*2, h => c + 1)
    y = sum(g) + g(1) + h(4)
  end associate
end subroutine s
`,
		body: "c = 1\nblock\n  real(8) :: g(size(x, 1))\n  real(8) :: h(4)\n  g = exp(-x)*2\n  h = c + 1\n  y = sum(g) + g(1) + h(4)\nend block",
	}, {
		name: "integer components of structures the body keeps as subscripts (MOM6's G%isc, a state's time level); not those of one it passes or assigns",
		src: `subroutine s(g, cs, y)
  type grid
    integer :: isc, iec
  end type grid
  type state
    real(8) :: h(0:9, 2)
    integer :: cur
  end type state
  type(grid), intent(in) :: g
  type(state) :: cs
  real(8) :: y
  associate(h => cs%h(g%isc:g%iec, cs%cur))
    y = sum(h**2) + h(1)
  end associate
  associate(h => cs%h(g%isc:g%iec, cs%cur))
    cs%cur = 1
    y = y + h(2)
  end associate
end subroutine s
`,
		body: "y = sum(cs%h(g%isc:g%iec, cs%cur)**2) + cs%h(g%isc, cs%cur)\nassociate (h => cs%h(g%isc:g%iec, cs%cur))\n  cs%cur = 1\n  y = y + h(2)\nend associate",
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
			inline.Associations(prog)
			u := prog.Files[0].Units[0]
			var buf strings.Builder
			for _, s := range u.Body {
				if err := printer.Node(&buf, s); err != nil {
					t.Fatal(err)
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.body {
				t.Errorf("body:\n%s\nwant:\n%s", g, tt.body)
			}
			for _, s := range u.Body {
				ast.Inspect(s, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && prog.Info.ObjectOf(id) == nil && id.Name != "outer" {
						t.Errorf("%s is not resolved after inlining", id.Name)
					}
					return true
				})
			}
		})
	}
}
