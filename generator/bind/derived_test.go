package bind

import "testing"

const typeSrc = `module m
  implicit none
  type inner
    real(8) :: k
    integer :: n
  end type
  type st
    real(8) :: u(4), e
    real(8), allocatable :: w(:)
    real(8), pointer :: q(:) => null()
    type(inner) :: p
    type(inner) :: ps(2)
  end type
contains
  subroutine step(s, cells)
    type(st), intent(inout) :: s
    type(st), intent(inout) :: cells(3)
    s%e = sum(s%u) + cells(1)%e
  end subroutine
end module m
`

// TestComponents checks the components and sections the spec names:
// they bind to the whole variable, or fail at the spec's position.
func TestComponents(t *testing.T) {
	head := "version: 1\nsources: [m.f90]\noutput: {dir: ad}\ntargets:\n"
	for _, tc := range []struct {
		name, vars, want string
	}{
		{"component", "[s%u, s%p%k]", ""},
		{"section of a component", "['s%u(2:3)']", ""},
		{"whole record", "[s]", ""},
		{"unknown component", "[s%z%k]", "spec.yaml:5:41: independent 's%z%k': type 'st' has no component 'z'\n"},
		{"integer component", "[s%p%n]", "spec.yaml:5:41: independent 's%p%n' is integer: only real and complex variables can be differentiated\n"},
		{"not a type", "[s%e%x]", "spec.yaml:5:41: independent 's%e%x': 's%e' is not of a derived type\n"},
		{"allocatable component", "[s%w]", ""},
		{"section of an allocatable component", "['s%w(2:3)']", ""},
		{"pointer component", "[s%q]", ""},
		{"pointer component of an array", "[cells%q]", "spec.yaml:5:41: not supported yet: independent 'cells%q', an array, allocatable or pointer component of array 'cells'\n"},
		{"component of an array", "[cells%e]", ""},
		{"through an array component", "[s%ps%k]", ""},
		{"through two arrays", "[cells%ps%k]", "spec.yaml:5:41: not supported yet: independent 'cells%ps%k' through array component 'ps'\n"},
		{"array component of an array", "[cells%u]", ""},
		{"section of an array component of an array", "['cells%u(1:2)']", "spec.yaml:5:41: not supported yet: independent 'cells%u(1:2)', an array, allocatable or pointer component of array 'cells'\n"},
		{"allocatable component of an array", "[cells%w]", "spec.yaml:5:41: not supported yet: independent 'cells%w', an array, allocatable or pointer component of array 'cells'\n"},
		{"section of an array of records", "['cells(1:2)%e', 'cells(3)%p%k']", ""},
		{"section of a scalar record", "['s(1)%e']", "spec.yaml:5:41: independent 's(1)%e' has subscripts, but 's' is not an array\n"},
		{"section of an array of records, array component", "['cells(1:2)%u']", "spec.yaml:5:41: not supported yet: independent 'cells(1:2)%u', an array, allocatable or pointer component of array 'cells'\n"},
		{"subscripts on a scalar component", "['s%e(1)']", "spec.yaml:5:41: independent 's%e(1)' has subscripts, but 'e' is not an array\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := head + "  - {routine: 'm::step', independents: " + tc.vars + ", dependents: [s]}\n"
			p, err := bindTree(t, spec, map[string]string{"m.f90": typeSrc})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tc.want)
			}
			if err == nil && p.Targets[0].Independents[0].Symbol.Name != "s" && p.Targets[0].Independents[0].Symbol.Name != "cells" {
				t.Errorf("bound to %s, want s", p.Targets[0].Independents[0].Symbol.Name)
			}
		})
	}
}

// TestClassStar checks that a CLASS(*) dummy named as an independent is
// rejected at the spec's position: it has no declared type.
func TestClassStar(t *testing.T) {
	src := "module m\ncontains\n  subroutine step(ctx, x)\n    class(*), intent(in) :: ctx\n    real(8), intent(inout) :: x\n    x = 2*x\n  end subroutine\nend module m\n"
	spec := "version: 1\nsources: [m.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: 'm::step', independents: [x, ctx], dependents: [x]}\n"
	_, err := bindTree(t, spec, map[string]string{"m.f90": src})
	want := "spec.yaml:5:44: independent 'ctx' is CLASS(*): a variable of no declared type cannot be differentiated (pass its value in a real variable)\n"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
