package sema

import (
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// TestConstructorGeneric checks a generic interface with the name of a
// derived type, declared before or after the type: TYPE(name) and
// EXTENDS(name) name the type in the module and where it is used, name(x)
// calls the matching specific, and name(v=...) is a structure constructor.
func TestConstructorGeneric(t *testing.T) {
	const typ = "  type :: field\n    real(8) :: v(3) = 0\n  end type\n"
	const gen = "  interface field\n    module procedure field_new\n  end interface\n"
	const rest = `
  type, extends(field) :: tagged
    integer :: tag = 0
  end type
contains
  function field_new(x) result(f)
    real(8), intent(in) :: x(3)
    type(field) :: f
    f%v = x
  end function
end module
module use_m
  use m
contains
  subroutine run(x, y)
    real(8), intent(in) :: x(3)
    real(8), intent(out) :: y
    type(field) :: a, b
    type(tagged) :: c
    a = field(x)
    b = field(v=2*x)
    c%v = a%v
    y = sum(b%v) + sum(c%v)
  end subroutine
end module
`
	for _, order := range []string{typ + gen, gen + typ} {
		info := check(t, "module m\n  implicit none\n  private\n  public :: field, tagged\n"+order+rest)
		a := lookup(t, info, "run", "a")
		if a.Type == nil || a.Type.Derived == nil || a.Type.Derived.Name != "field" {
			t.Fatalf("a: type %v, want TYPE(field)", a.Type)
		}
		if c := lookup(t, info, "run", "c"); c.Type.Derived.Parent != a.Type.Derived {
			t.Errorf("tagged does not extend field")
		}
		if !a.Type.Derived.Attrs.Has(AttrPublic) {
			t.Errorf("type field is not PUBLIC")
		}
		var kinds []string
		for x, call := range info.Calls {
			if id, ok := x.Fun.(*ast.Ident); ok && id.Lower() == "field" {
				kinds = append(kinds, call.Kind.String())
			}
		}
		sort.Strings(kinds)
		if got := strings.Join(kinds, ", "); got != "function call, structure constructor" {
			t.Errorf("references to field: %s", got)
		}
	}
}
