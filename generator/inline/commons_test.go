package inline_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
)

// TestCommonLayouts checks the rewrite of common blocks declared with
// different members, one snippet each: the units printed afterwards
// (specification and body of the named one).
func TestCommonLayouts(t *testing.T) {
	tests := []struct{ name, src, unit, want string }{{
		name: "scalars, a vector and a matrix of one block: elements of one array",
		src: `subroutine a1(x)
  double precision x, p, q(3)
  common /w/ p, q
  p = x
  q(2) = x*p
  q = q + 1
end subroutine a1
subroutine a2(y)
  double precision y, m(2, 2)
  integer i
  common /w/ m
  do i = 1, 2
    y = y + m(i, 2)*m(2, i)
  end do
end subroutine a2
`,
		unit: "a2",
		want: "double precision :: y\ninteger :: i\nreal(8) :: fadj_w(4)\ncommon /w/ fadj_w\ndo i = 1, 2\n  y = y + fadj_w(i + 2)*fadj_w(2*i)\nend do",
	}, {
		name: "the first unit: a section for the whole vector",
		src: `subroutine a1(x)
  double precision x, p, q(3)
  common /w/ p, q
  p = x
  q(2:3) = x*p
  q = q + 1
end subroutine a1
subroutine a2(y)
  double precision y, m(4)
  common /w/ m
  y = m(4)
end subroutine a2
`,
		unit: "a1",
		want: "double precision :: x\nreal(8) :: fadj_w(4)\ncommon /w/ fadj_w\nfadj_w(1) = x\nfadj_w(3:4) = x*fadj_w(1)\nfadj_w(2:4) = fadj_w(2:4) + 1",
	}, {
		name: "a whole matrix keeps the declarations",
		src: `subroutine a1(x)
  double precision x, p(4)
  common /w/ p
  p = x
end subroutine a1
subroutine a2(y)
  double precision y, m(2, 2)
  common /w/ m
  y = sum(m)
end subroutine a2
`,
		unit: "a2",
		want: "double precision :: y, m(2, 2)\ncommon /w/ m\ny = sum(m)",
	}, {
		name: "members of different types keep the declarations",
		src: `subroutine a1(x)
  double precision x, p(4)
  common /w/ p
  p = x
end subroutine a1
subroutine a2(y)
  double precision y
  integer k(8)
  common /w/ k
  y = k(1)
end subroutine a2
`,
		unit: "a2",
		want: "double precision :: y\ninteger :: k(8)\ncommon /w/ k\ny = k(1)",
	}, {
		name: "EQUIVALENCE of locals: one array, offsets from the statement",
		src: `subroutine e(y)
  integer, parameter :: n = 3
  double precision y, w(2*n), a(n), b(n), s
  equivalence (w(1), a(1)), (w(n+1), b(1)), (s, b(2))
  a = y
  b(1:2) = a(2)*s
  y = w(6) + b(n)
end subroutine e
`,
		unit: "e",
		want: "integer, parameter :: n = 3\ndouble precision :: y\nreal(8) :: fadj_eq_w(6)\nfadj_eq_w(1:3) = y\nfadj_eq_w(4:5) = fadj_eq_w(2)*fadj_eq_w(5)\ny = fadj_eq_w(6) + fadj_eq_w(n + 3)",
	}, {
		name: "EQUIVALENCE of a dummy is kept",
		src: `subroutine e(y, w)
  double precision y, w(4), a(4)
  equivalence (w(1), a(1))
  y = a(1)
end subroutine e
`,
		unit: "e",
		want: "double precision :: y, w(4), a(4)\nequivalence (w(1), a(1))\ny = a(1)",
	}, {
		name: "EQUIVALENCE of locals with a common array: its elements",
		src: `subroutine e(y)
  double precision y, tr(6), t(3), s(3)
  common /trc/ tr
  equivalence (tr(1), t(1)), (tr(4), s(1))
  t(2) = y*s(3)
  s = tr(2)
end subroutine e
`,
		unit: "e",
		want: "double precision :: y, tr(6)\ncommon /trc/ tr\ntr(2) = y*tr(6)\ntr(4:6) = tr(2)",
	}, {
		name: "EQUIVALENCE extending a common block is kept",
		src: `subroutine e(y)
  double precision y, tr(2), t(3)
  common /trc/ tr
  equivalence (tr(1), t(1))
  y = t(3)
end subroutine e
`,
		unit: "e",
		want: "double precision :: y, tr(2), t(3)\ncommon /trc/ tr\nequivalence (tr(1), t(1))\ny = t(3)",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src) // where_elemental_test.go
			inline.Equivalences(prog)
			inline.CommonLayouts(prog)
			var buf strings.Builder
			for _, u := range prog.Files[0].Units {
				if u.Name.Lower() != tt.unit {
					continue
				}
				for _, s := range append(append(u.Decls[:0:0], u.Decls...), u.Body...) {
					if err := printer.Node(&buf, s); err != nil {
						t.Fatal(err)
					}
				}
			}
			if g := strings.TrimSpace(buf.String()); g != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", g, tt.want)
			}
		})
	}
}
