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
			src := mod + "subroutine f(n, u, y)\n  use dom\n  integer, intent(in) :: n\n  real(8), intent(in) :: " + tc.decl + "\n  real(8), intent(out) :: y\n  y = sum(u**2)\nend subroutine f\n"
			if tc.setup != "" {
				spec += "  setup: {f: s}\n"
				src += "subroutine s(n, u, y)\n  use dom\n  integer, intent(in) :: n\n  real(8) :: " + tc.decl + ", y\n" + tc.setup + "end subroutine s\n"
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
