package inline_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// defMod is a module with a state type, a defined assignment from a
// state (elemental, public) and from an array (PRIVATE, renamed nowhere),
// and a type with a type-bound generic assignment whose specific is
// PRIVATE.
const defMod = `module m
  implicit none
  private
  public :: st, fld, assignment(=), copy
  type :: st
    real(8) :: a = 0
    real(8), allocatable :: d(:)
  end type
  type :: fld
    real(8), allocatable :: v(:)
  contains
    generic :: assignment(=) => set_fld
    procedure, private :: set_fld
  end type
  interface assignment(=)
    module procedure copy, from_array
  end interface
contains
  elemental subroutine copy(x, y)
    type(st), intent(inout) :: x
    type(st), intent(in) :: y
    x%a = 2*y%a
  end subroutine
  subroutine from_array(x, y)
    type(st), intent(inout) :: x
    real(8), intent(in) :: y(:)
    x%d = y
  end subroutine
  subroutine set_fld(self, y)
    class(fld), intent(inout) :: self
    real(8), intent(in) :: y(:)
    self%v = 3*y
  end subroutine
end module
`

// TestDefinedAssignments checks the CALLs that defined assignments
// become, one snippet each: the body of routine r printed afterwards,
// and printed again as generated code is (Respell).
func TestDefinedAssignments(t *testing.T) {
	tests := []struct{ name, src, body, respelled string }{{
		name: "a variable from another: its specific, public, with the variable",
		src: `subroutine r(s, t)
  use m
  type(st) :: s, t
  s = t
end subroutine
`,
		body: "call copy(s, t)",
	}, {
		name: "a right side reading the left side is a copy of its value; a PRIVATE specific is spelled as the assignment again",
		src: `subroutine r(s, t)
  use m
  type(st) :: s, t
  s = s%d
  s = t%d + 1
  if (s%a > 0) s = s
end subroutine
`,
		body:      "call from_array(s, (s%d))\ncall from_array(s, t%d + 1)\nif (s%a > 0) call copy(s, (s))",
		respelled: "s = (s%d)\ns = t%d + 1\nif (s%a > 0) call copy(s, (s))",
	}, {
		name: "a POINTER may point at the left side, another TARGET may not",
		src: `subroutine r(s, t, p)
  use m
  type(st), target :: s, t
  type(st), pointer :: p
  s = t
  s = p
  p = t
end subroutine
`,
		body: "call copy(s, t)\ncall copy(s, (p))\ncall copy(p, (t))",
	}, {
		name: "elemental on arrays: sections and elements, a section of the same array as a copy",
		src: `subroutine r(p, q)
  use m
  type(st) :: p(4), q(4)
  p = q
  p(2:4) = q(1:3)
  p(1) = q(4)
  p(2:4) = p(1:3)
end subroutine
`,
		body: "call copy(p, q)\ncall copy(p(2:4), q(1:3))\ncall copy(p(1), q(4))\ncall copy(p(2:4), (p(1:3)))",
	}, {
		name: "parts of one variable that cannot overlap pass as they are",
		src: `subroutine r(p, c, k)
  use m
  type :: box
    type(st) :: old, cur, all(3)
  end type
  type(st) :: p(4)
  type(box) :: c
  integer :: k
  p(k) = p(k+1)
  p(k-1) = p(k)
  p(1) = p(2)
  p(k) = p(k)
  p(k) = p(2)
  c%old = c%cur
  c%all(1) = c%old
  c%all(k) = c%all(1+k)
  c%all(2:3) = c%all(1:2)
end subroutine
`,
		body: "call copy(p(k), p(k + 1))\ncall copy(p(k - 1), p(k))\ncall copy(p(1), p(2))\ncall copy(p(k), (p(k)))\ncall copy(p(k), (p(2)))\n" +
			"call copy(c%old, c%cur)\ncall copy(c%all(1), c%old)\ncall copy(c%all(k), c%all(1 + k))\ncall copy(c%all(2:3), (c%all(1:2)))",
	}, {
		name: "a polymorphic left side of a type another extends keeps its assignment (the binding is dynamic)",
		src: `subroutine r(f, g, x)
  use m
  type, extends(fld) :: fld2
  end type
  class(fld), intent(inout) :: f
  type(fld) :: g
  real(8) :: x(3)
  f = x
  g = x
end subroutine
`,
		body:      "f = x\ncall set_fld(g, x)",
		respelled: "f = x\ng = x",
	}, {
		name: "a type-bound generic with a PRIVATE specific",
		src: `subroutine r(f, x)
  use m
  type(fld) :: f
  real(8) :: x(3)
  f = x
end subroutine
`,
		body:      "call set_fld(f, x)",
		respelled: "f = x",
	}, {
		name: "FORALL and WHERE keep theirs, intrinsic assignments stay",
		src: `subroutine r(p, q, x)
  use m
  type(st) :: p(4), q(4)
  real(8) :: x(4)
  integer :: k
  forall (k = 1:4) p(k) = q(k)
  where (x > 0) p = q
  p(1)%a = x(1)
end subroutine
`,
		body: "forall (k = 1:4) p(k) = q(k)\nwhere (x > 0) p = q\np(1)%a = x(1)",
	}, {
		name: "a specific out of reach that a CALL names elsewhere stays an assignment",
		src: `subroutine r(s, t)
  use m, only: st, assignment(=)
  type(st) :: s, t
  s = t
end subroutine
subroutine r2(s, t)
  use m
  type(st) :: s, t
  call copy(s, t)
end subroutine
`,
		body: "s = t",
	}, {
		name: "so does one whose specific's name another procedure a CALL names has",
		src: `subroutine r(f, x)
  use m
  type(fld) :: f
  real(8) :: x(3)
  f = x
end subroutine
subroutine r2(x)
  real(8) :: x(3)
  call set_fld(x, x)
end subroutine
`,
		body: "f = x",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(defMod + tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			re := inline.DefinedAssignments(prog)
			u := prog.Files[0].Units[1]
			if g := printBody(t, u); g != tt.body {
				t.Errorf("body:\n%s\nwant:\n%s", g, tt.body)
			}
			checkCalls(t, prog, u)
			want := tt.respelled
			if want == "" {
				want = tt.body
			}
			re.Respell(&ast.File{Units: []*ast.Unit{u}})
			if g := printBody(t, u); g != want {
				t.Errorf("respelled:\n%s\nwant:\n%s", g, want)
			}
		})
	}
}

func printBody(t *testing.T, u *ast.Unit) string {
	var buf strings.Builder
	for _, s := range u.Body {
		if err := printer.Node(&buf, s); err != nil {
			t.Fatal(err)
		}
	}
	return strings.TrimSpace(buf.String())
}

// checkCalls checks that each CALL in u's body is resolved, and is the
// site of a call of its procedure in the call graph.
func checkCalls(t *testing.T, prog *sema.Program, u *ast.Unit) {
	n := prog.Info.CallGraph.Node(prog.Info.ScopeOf(u).Symbol)
	ast.Inspect(&ast.Unit{Body: u.Body}, func(x ast.Node) bool {
		s, ok := x.(*ast.CallStmt)
		if !ok {
			return true
		}
		c := prog.Info.CallStmts[s]
		if c.Proc == nil || prog.Info.ObjectOf(s.Name.(*ast.Ident)) != c.Proc {
			t.Errorf("call of %s is not resolved", s.Name.(*ast.Ident).Name)
		}
		found := false
		for _, site := range n.Sites {
			found = found || site.Stmt == s && site.Callee.Proc == c.Proc
		}
		if !found {
			t.Errorf("call of %s is no site of the call graph", c.Proc.Name)
		}
		return true
	})
}
