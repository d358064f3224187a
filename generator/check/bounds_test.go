package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// Bounds the driver evaluates from module variables, and those it
// cannot: the messages say what to give.
func TestModuleBounds(t *testing.T) {
	gfortrantest.Require(t)
	const mod = "module dom\n  integer :: isd = 2, ied\n  type tc\n    integer :: ng = 3\n  end type tc\n  type(tc) :: c\nend module dom\n"
	for _, tc := range []struct {
		name, decl, inputs, setup, want string
	}{
		{"initial", "u(isd:isd+3)", "", "", ""},
		{"given", "u(isd:ied)", "{ied: 5}", "", ""},
		{"component", "u(c%ng*2)", "", "", ""},
		{"division", "u(n/2, max(n-8, 1))", "", "", ""},
		{"argument component", "u(cf%ng, 2)", "{cf%ng: 4}", "", ""},
		{"argument component default", "u(cf%ng)", "", "", ""},
		{"argument component moved", "u(cf%ng)", "", "  cf%ng = 2\n", "fadj check: cf%ng is 2 at the check point, not 3"},
		{"unknown", "u(isd:ied)", "", "", "cannot set argument 'u' of f: a bound is neither constant"},
		{"moved", "u(isd:ied)", "{ied: 5}", "  ied = 6\n", "fadj check: ied is 6 at the check point, not 5 the driver sized the arrays with"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, s string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			spec := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - routine: f\n    mode: tangent\n    independents: [u]\n    dependents: [y]\n"
			if tc.inputs != "" || tc.setup != "" {
				spec += "check:\n"
			}
			if tc.inputs != "" {
				spec += "  inputs: " + tc.inputs + "\n"
			}
			src := mod + "subroutine f(n, cf, u, y)\n  use dom\n  integer, intent(in) :: n\n  type(tc), intent(inout) :: cf\n  real(8), intent(in) :: " + tc.decl + "\n  real(8), intent(out) :: y\n  y = sum(u**2)\nend subroutine f\n"
			if tc.setup != "" {
				spec += "  setup: {f: s}\n"
				src += "subroutine s(n, cf, u, y)\n  use dom\n  integer, intent(in) :: n\n  type(tc) :: cf\n  real(8) :: " + tc.decl + ", y\n" + tc.setup + "end subroutine s\n"
			}
			write("spec.yaml", spec)
			write("f.f90", src)
			rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want == "" && !rep.OK():
				t.Errorf("check failed")
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// Assumed-shape and assumed-size dummies: a check.inputs list sizes
// their last dimension; the messages say what to give.
func TestAssumedSizes(t *testing.T) {
	gfortrantest.Require(t)
	for _, tc := range []struct {
		name, module, decl, inputs, want string
	}{
		{"module list", "m", "x(:)", "{x: [0.1, 0.2, 0.3]}", ""},
		{"module 2-D list", "m", "x(:, :)", "{x: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]}", ""},
		{"assumed size", "", "x(2, *)", "{x: [0.1, 0.2, 0.3, 0.4]}", ""},
		{"assumed size without list", "", "x(*)", "", "cannot set argument 'x' of f: its last dimension is assumed-size (*): give its values as a list in check.inputs"},
		{"external assumed shape", "", "x(:)", "{x: [0.1, 0.2]}", ""},
		{"external assumed shape 2-D", "", "x(:, :)", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, s string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			routine := "f"
			sub := "subroutine f(x, y)\n  real(8), intent(in) :: " + tc.decl + "\n  real(8), intent(out) :: y\n  y = x(1, 1)**2 + x(2, 1)*x(1, 1)\nend subroutine f\n"
			if tc.decl == "x(:)" || tc.decl == "x(*)" {
				sub = strings.ReplaceAll(strings.ReplaceAll(sub, "x(1, 1)", "x(1)"), "x(2, 1)", "x(2)")
			}
			src := sub
			if tc.module != "" {
				routine = "m::f"
				src = "module m\ncontains\n" + sub + "end module m\n"
			}
			spec := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - routine: " + routine + "\n    mode: both\n    independents: [x]\n    dependents: [y]\n"
			if tc.inputs != "" {
				spec += "check:\n  inputs: " + tc.inputs + "\n"
			}
			write("spec.yaml", spec)
			write("f.f90", src)
			rep, err := Run(filepath.Join(dir, "spec.yaml"), Options{})
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want == "" && !rep.OK():
				t.Errorf("check failed")
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
