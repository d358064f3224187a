package check

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/source"
)

func TestTolerancesFor(t *testing.T) {
	defaults := config.Check{FDStep: config.DefaultCheckFDStep, FDTolerance: config.DefaultCheckFDTolerance, DotTolerance: config.DefaultCheckDotTolerance}
	double := &Program{Args: []*Arg{{Name: "n", Class: IntParam}, {Name: "x", Class: Float, Kind: 8}}}
	single := &Program{Args: []*Arg{{Name: "x", Class: Float, Kind: 8}, {Name: "y", Class: Float, Kind: 4}}}
	set := defaults
	set.FDTolerance, set.FDTolerancePos = 3e-3, source.Position{Line: 1, Column: 1}
	for _, tc := range []struct {
		name string
		c    config.Check
		p    *Program
		want tolerances
	}{
		{"double", defaults, double, tolerances{fdStep: 1e-7, fd: 1e-6, dot: 1e-12}},
		{"single", defaults, single, tolerances{fdStep: 5e-3, fd: 1e-2, dot: 1e-5, defaulted: []string{"fd_step 5e-03", "fd_tolerance 1e-02", "dot_tolerance 1e-05"}}},
		{"single, fd_tolerance set", set, single, tolerances{fdStep: 5e-3, fd: 3e-3, dot: 1e-5, defaulted: []string{"fd_step 5e-03", "dot_tolerance 1e-05"}}},
	} {
		got := tolerancesFor(&tc.c, tc.p)
		if got.fdStep != tc.want.fdStep || got.fd != tc.want.fd || got.dot != tc.want.dot || strings.Join(got.defaulted, ",") != strings.Join(tc.want.defaulted, ",") {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestPrimalProblem(t *testing.T) {
	p := &Program{Args: []*Arg{
		{Name: "n", Class: IntParam},
		{Name: "dt", Class: Float, Size: 1},
		{Name: "u", Class: Float, Size: 3, Dependent: true, Value: &config.Input{Values: []float64{1}}},
		{Name: "c", Class: Float, Size: 1, Dependent: true, OutOnly: true},
	}}
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		base []float64
		want string
	}{
		{[]float64{1, 2, 3, 4}, ""},
		{[]float64{1, nan, 3, 4}, "the primal returned NaN at the check point (u, element 2): no derivative can be checked there; dt got random values in [0.25, 0.75]: set the check point with check.inputs or check.setup (docs/check.md, \"The check point\")"},
		{[]float64{1, 2, 3, -inf}, "the primal returned Inf at the check point (c): no derivative can be checked there; dt got random values in [0.25, 0.75]: set the check point with check.inputs or check.setup (docs/check.md, \"The check point\")"},
	} {
		if got := primalProblem(p, tc.base); got != tc.want {
			t.Errorf("%v:\ngot  %s\nwant %s", tc.base, got, tc.want)
		}
	}
	fn := &Program{Setup: "init", Args: []*Arg{{Name: resultName, Class: FuncResult, Size: 1, Dependent: true}}}
	if got, want := primalProblem(fn, []float64{nan}), "the primal returned NaN at the check point (the function's result): no derivative can be checked there"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestZeroDerivatives(t *testing.T) {
	tg := &config.Target{Routine: "f", Name: "f"}
	p := &Program{Tangent: "f_d", Adjoint: "f_b", Args: []*Arg{
		{Name: "x", Class: Float, Size: 2, Independent: true},
		{Name: "w", Class: Float, Size: 1, Independent: true},
		{Name: "y", Class: Float, Size: 1, Dependent: true},
		{Name: "z", Class: Float, Size: 1, Complex: true, Dependent: true},
	}}
	samples := []sample{
		{T: []float64{0, 1, 0}, A: []float64{1, 0, 0}},
		{T: []float64{0, 0, 2}, A: []float64{0, 3, 0}},
	}
	got := zeroDerivatives(tg, p, samples)
	want := []string{
		"f: the derivative of dependent 'y' is zero in every sample: it does not depend on the independents at the check point",
		"f: the adjoint of independent 'w' is zero in every sample: no dependent depends on it at the check point",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Without a tangent, J·xd is the finite differences: P == M.
	p.Tangent = ""
	samples = []sample{{P: []float64{1, 2, 3}, M: []float64{1, 1, 3}, A: []float64{1, 1, 1}}}
	if got := zeroDerivatives(tg, p, samples); len(got) != 1 || !strings.Contains(got[0], "dependent 'y'") {
		t.Errorf("got %q", got)
	}
}

func TestSetValues(t *testing.T) {
	for _, tc := range []struct {
		a    Arg
		in   []float64
		want []float64
	}{
		{Arg{Size: 3, Value: &config.Input{Values: []float64{2}}}, []float64{0.3, 0.4, 0.5}, []float64{2, 2, 2}},
		{Arg{Size: 3, Value: &config.Input{Values: []float64{1, 2, 3}, List: true}}, []float64{0.3, 0.4, 0.5}, []float64{1, 2, 3}},
		{Arg{Size: 2, Value: &config.Input{Range: &config.Range{Min: 10, Max: 20}}}, []float64{0.25, 0.5}, []float64{10, 15}},
		{Arg{Size: 1, Complex: true, Value: &config.Input{Values: []float64{2}}}, []float64{0.3, 0.4}, []float64{2, 0}},
	} {
		vals := append([]float64{}, tc.in...)
		setValues(vals, &tc.a)
		for i := range vals {
			if math.Abs(vals[i]-tc.want[i]) > 1e-12 {
				t.Errorf("%+v: got %v, want %v", tc.a.Value, vals, tc.want)
				break
			}
		}
	}
	// Setting one variable leaves the random values of the others.
	p := &Program{Samples: 1, Args: []*Arg{{Name: "a", Class: Float, Size: 2}, {Name: "b", Class: Float, Size: 2, Independent: true}}}
	before, _ := Input(p, 5)
	p.Args[0].Value = &config.Input{Values: []float64{7}}
	after, _ := Input(p, 5)
	bl, al := strings.Split(before, "\n"), strings.Split(after, "\n")
	if al[0] != "7.00000000000000000e+00" || strings.Join(bl[2:], "\n") != strings.Join(al[2:], "\n") {
		t.Errorf("before:\n%s\nafter:\n%s", before, after)
	}
}

// TestCheckPointInputs checks real inputs, a setup routine, the
// generator's warnings and the zero-derivative warning through Run.
func TestCheckPointInputs(t *testing.T) {
	t.Parallel()
	gfortrantest.Require(t)
	src := `subroutine f(x, s, n, y, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), s
  real(8), intent(out) :: y, z
  y = sum(log(x - s))
  z = s
end subroutine f
subroutine init(x, s, n, y, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x(n), s, y, z
  x = x + 10
end subroutine init
`
	head := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: both, independents: [x], dependents: [y, z]}\ncheck:\n"
	for _, tc := range []struct {
		name, check string
		err         string // a substring of the error; "" for a passing check
	}{
		// log(x - s) is NaN for x < s: s = 2 puts every x below it.
		{"nan", "  inputs: {n: 3, s: 2}\n", "f: the primal returned NaN at the check point (y): no derivative can be checked there; x got random values in [0.25, 0.75]"},
		{"list", "  inputs: {n: 3, s: 2, x: [3, 4, 5]}\n", ""},
		{"range", "  inputs: {n: 3, s: 2, x: {min: 2.5, max: 3}}\n", ""},
		{"setup", "  inputs: {n: 3, s: 2}\n  setup: {f: init}\n", ""},
		{"list too short", "  inputs: {n: 3, x: [3, 4]}\n", "spec.yaml:7:21: check.inputs: 'x' of f has 3 elements, the list 2"},
		{"integer from a number", "  inputs: {n: 3.5}\n", "spec.yaml:7:15: check.inputs: 'n' is an integer argument of f: expected an integer, found 3.5"},
		{"all at once", "  inputs: {n: 3.5, x: [3, 4]}\n", "spec.yaml:7:15: check.inputs: 'n' is an integer argument of f: expected an integer, found 3.5 (and 1 more errors)"},
		{"unknown", "  inputs: {nn: 3}\n", "spec.yaml:7:12: check.inputs: 'nn' is not a variable fadj check sets (an argument of a target, or a module or common-block variable a target names)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			spec := specTree(t, map[string]string{"spec.yaml": head + tc.check, "f.f90": src})
			rep, err := Run(spec, Options{})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			rep.Write(&buf)
			if !rep.OK() {
				t.Errorf("fails:\n%s", buf.String())
			}
			if len(rep.GenWarnings) != 1 || !strings.Contains(rep.GenWarnings[0].Msg, "dependent 'z' does not depend on any independent") {
				t.Errorf("generator warnings: %v", rep.GenWarnings)
			}
			if !strings.Contains(buf.String(), "warning: f: the derivative of dependent 'z' is zero in every sample") {
				t.Errorf("no zero-derivative warning:\n%s", buf.String())
			}
		})
	}
}

// TestCheckPointPassiveInputs checks the errors of check.inputs given to
// integer arrays and logicals (the kernel check_passive_inputs passes).
func TestCheckPointPassiveInputs(t *testing.T) {
	t.Parallel()
	gfortrantest.Require(t)
	src := `subroutine f(x, idx, wet, on, y)
  implicit none
  real(8), intent(in) :: x(3)
  integer, intent(in) :: idx(2)
  logical, intent(in) :: wet(2), on
  real(8), intent(out) :: y
  y = 0
  if (on .and. wet(1)) y = x(idx(1))**2
end subroutine f
`
	head := "version: 1\nsources: [f.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: f, mode: reverse, independents: [x], dependents: [y]}\ncheck:\n"
	for _, tc := range []struct{ name, check, err string }{
		{"integers from reals", "  inputs: {idx: [1.5, 2]}\n", "spec.yaml:7:17: check.inputs: 'idx' is an integer argument of f: expected integers, found numbers that are not all integers"},
		{"integers from a range", "  inputs: {idx: {min: 1, max: 3}}\n", "spec.yaml:7:17: check.inputs: 'idx' is an integer argument of f: expected integers, found a range"},
		{"logical from a number", "  inputs: {on: 1}\n", "spec.yaml:7:16: check.inputs: 'on' is a logical argument of f: expected true or false, found a number"},
		{"logical list too long", "  inputs: {wet: [true, false, true]}\n", "spec.yaml:7:17: check.inputs: 'wet' of f has 2 elements, the list 3"},
		{"real from a logical", "  inputs: {x: true}\n", "spec.yaml:7:15: check.inputs: 'x' is a real argument of f: expected numbers, found a logical"},
		{"one integer for every element, a logical switch", "  inputs: {idx: 1, on: true}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			spec := specTree(t, map[string]string{"spec.yaml": head + tc.check, "f.f90": src})
			_, err := Run(spec, Options{})
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
		})
	}
}
