package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// fieldMod is a module with a type holding an ALLOCATABLE component and
// defined operators on it, as modern models write their fields.
const fieldMod = `
module fields
  implicit none
  type :: field
    real(8), allocatable :: d(:)
  contains
    generic :: operator(+) => add
    generic :: operator(*) => scale
    procedure, private :: add
    procedure, private, pass(b) :: scale
  end type
contains
  type(field) function add(a, b) result(c)
    type(field), intent(in) :: a, b
    c%d = a%d + b%d
  end function
  type(field) function scale(s, b) result(c)
    real(8), intent(in) :: s
    type(field), intent(in) :: b
    c%d = s*b%d
  end function
  elemental function twice(a) result(c)
    type(field), intent(in) :: a
    type(field) :: c
    c%d = 2*a%d
  end function
end module
`

// TestDefinedOperators checks that both modes call the derivatives of
// the specific procedures of defined operators (the rejections:
// testscript generate_defined_operators).
func TestDefinedOperators(t *testing.T) {
	cases := []struct {
		name, body string
		want       []string // in the tangent, then the adjoint
	}{
		{name: "nested operators", body: `
  h%d = x
  t%d = x**2
  h = h + 0.5d0*t`, want: []string{"call scale_d(0.5d0, t, t_d, ", "call add_b(h, h_b, fadj_fv1, fadj_fv1_b, fadj_fv2_b)"}},
		{name: "function result", body: `
  h%d = x
  t = twice(h)
  h = h + t`, want: []string{"call twice_d(h, h_d, ", "call twice_b(h, h_b, fadj_fv1_b)"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := fieldMod + `subroutine run(x, y)
  use fields
  real(8), intent(inout) :: x(3)
  real(8), intent(out) :: y
  type(field) :: h, t` + c.body + `
  y = sum(h%d**2)
end subroutine
`
			tf, af, err := generate(t, loadSrc(t, "k.f90", src), "run", []string{"x"}, []string{"y"})
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range []*ast.File{tf, af} {
				var sb strings.Builder
				printer.Fprint(&sb, f)
				if !strings.Contains(sb.String(), c.want[i]) {
					t.Errorf("no %q in:\n%s", c.want[i], sb.String())
				}
			}
		})
	}
}
