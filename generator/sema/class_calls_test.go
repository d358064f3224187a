package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

const classModule = `
module m
  implicit none
  private
  public :: state, run
  type :: state
    real(8) :: h = 0
  contains
    procedure :: step => state_step
    procedure, pass(self) :: scale => state_scale
    procedure :: size => state_size
  end type
  %s
contains
subroutine state_step(this, dt)
  class(state), intent(inout) :: this
  real(8), intent(in) :: dt
  this%h = this%h*dt
end subroutine
subroutine state_scale(a, self)
  real(8), intent(in) :: a
  class(state), intent(inout) :: self
  self%h = self%h*a
end subroutine
function state_size(this) result(v)
  class(state), intent(in) :: this
  real(8) :: v
  v = this%h
end function
%psubroutine run(s, c, y)
  type(state), intent(inout) :: s
  class(state), intent(inout) :: c
  real(8), intent(out) :: y
  call s%step(2d0)
  call s%scale(3d0)
  call c%step(2d0)
  y = s%size() + c%size()
end subroutine
end module m
`

// TestStaticBindings checks which type-bound references become plain
// calls (the object passed where its binding says), how generated code
// spells them again, and that CLASS dummies become TYPE only when no
// extension of their type overrides a binding called through them
// (oop_static.go).
func TestStaticBindings(t *testing.T) {
	for _, tc := range []struct {
		name, extra string
		procs       string   // more procedures of the module
		want        []string // run's statements, as printed after StaticBindings
		class       bool     // c is still CLASS
	}{
		{"no extension", "", "", []string{"call state_step(s, 2d0)", "call state_scale(3d0, s)", "call state_step(c, 2d0)", "y = state_size(s) + state_size(c)"}, false},
		{"extended", "type, extends(state) :: moon\n  end type", "", []string{"call state_step(s, 2d0)", "call state_scale(3d0, s)", "call state_step(c, 2d0)", "y = state_size(s) + state_size(c)"}, false},
		{"overridden", "type, extends(state) :: moon\n  contains\n    procedure :: step => state_step\n    procedure :: size => moon_size\n  end type",
			"function moon_size(this) result(v)\n  class(moon), intent(in) :: this\n  real(8) :: v\n  v = 2*this%h\nend function\n", []string{"call state_step(s, 2d0)", "call state_scale(3d0, s)", "call state_step(c, 2d0)", "y = state_size(s) + c%size()"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, fs := parse(t, src{"a.f90", strings.Replace(strings.Replace(classModule, "%s", tc.extra, 1), "%p", tc.procs, 1)})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			prog := &Program{Fset: fset, Files: fs, Info: info}
			StaticBindings(prog)
			procs := fs[0].Units[0].Procs
			run := procs[len(procs)-1]
			for i, s := range run.Body {
				if got := stmtString(t, s); got != tc.want[i] {
					t.Errorf("statement %d: got %q, want %q", i, got, tc.want[i])
				}
			}
			if c := lookup(t, info, "run", "c"); c.Type.Class != tc.class {
				t.Errorf("c: Class = %v, want %v", c.Type.Class, tc.class)
			}
			if want := map[bool]int{true: 1}[tc.class]; len(info.Dispatched) != want {
				t.Errorf("%d references bound at run time, want %d (c%%size())", len(info.Dispatched), want)
			}
			info.Rebound(&ast.File{Units: []*ast.Unit{run}})
			if got := stmtString(t, run.Body[1]); got != "call s%scale(3d0)" {
				t.Errorf("rebound: got %q", got)
			}
			if got := stmtString(t, run.Body[3]); !strings.HasPrefix(got, "y = s%size()") {
				t.Errorf("rebound: got %q", got)
			}
		})
	}
}

func stmtString(t *testing.T, s ast.Stmt) string {
	t.Helper()
	var b strings.Builder
	if err := printer.Node(&b, s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}
