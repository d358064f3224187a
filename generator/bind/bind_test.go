package bind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
)

const src = `module phys
  implicit none
  real(8) :: kappa, gravity
contains
  subroutine step(u, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: u(n)
    u = u*kappa
  end subroutine step
end module phys

subroutine model(u, n, cost)
  use phys
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(out) :: cost
  real(8) :: total
  common /coef/ alpha
  real(8) :: alpha
  call step(u, n)
  total = sum(u)*alpha
  cost = total
end subroutine model

subroutine badinit(u, n, cost)
  integer :: n
  real(4) :: u(n), cost
end subroutine badinit

function energy(u)
  real(8), intent(in) :: u(3)
  real(8) :: energy
  energy = sum(u**2)
end function energy
`

// bindTree writes the spec and the Fortran into a directory and binds them.
func bindTree(t *testing.T, spec string, files map[string]string) (*Program, error) {
	t.Helper()
	dir := t.TempDir()
	files["spec.yaml"] = spec
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	s, err := config.Load(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(s, Options{})
	if err != nil {
		var b strings.Builder
		diag.Print(&b, err, 0)
		return nil, &printed{strings.ReplaceAll(b.String(), dir+string(filepath.Separator), "")}
	}
	return p, nil
}

type printed struct{ s string }

func (p *printed) Error() string { return p.s }

func TestLoad(t *testing.T) {
	spec := `version: 1
sources: [m.f]
form: {m.f: free}
output: {dir: ad}
targets:
  - {routine: model, independents: ['u(2:n)', 'phys::kappa', /coef/alpha], dependents: [cost]}
  - {routine: 'phys::step', independents: [u], dependents: [u]}
  - {routine: energy, independents: [u], dependents: [energy]}
`
	p, err := bindTree(t, spec, map[string]string{"m.f": src})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Targets) != 3 {
		t.Fatalf("%d targets", len(p.Targets))
	}
	got := func(vars []Var) string {
		var out []string
		for _, v := range vars {
			s := v.Symbol.Name
			if m := v.Symbol.Module(); m != nil {
				s = m.Name + "::" + s
			}
			if v.Symbol.Common != nil {
				s = "/" + v.Symbol.Common.Name + "/" + s
			}
			out = append(out, s)
		}
		return strings.Join(out, " ")
	}
	model, step, energy := p.Targets[0], p.Targets[1], p.Targets[2]
	if model.Routine.Name != "model" || got(model.Independents) != "u phys::kappa /coef/alpha" || got(model.Dependents) != "cost" {
		t.Errorf("model: %s %s / %s", model.Routine.Name, got(model.Independents), got(model.Dependents))
	}
	if model.Independents[0].Ref.Section != "2:n" {
		t.Errorf("section %q", model.Independents[0].Ref.Section)
	}
	if step.Routine.Module() == nil || step.Routine.Module().Name != "phys" || got(step.Dependents) != "u" {
		t.Errorf("step: %v %s", step.Routine.Module(), got(step.Dependents))
	}
	if energy.Dependents[0].Symbol != energy.Routine.Proc.Result {
		t.Errorf("the function's name does not stand for its result")
	}
}

func TestErrors(t *testing.T) {
	head := "version: 1\nsources: [m.f90]\noutput: {dir: ad}\ntargets:\n"
	for _, tc := range []struct {
		name, targets, want string
	}{
		{"routine", "  - {routine: modle, independents: [u], dependents: [cost]}\n",
			"spec.yaml:5:15: unknown routine 'modle' (did you mean 'model'?)\n"},
		{"module routine", "  - {routine: 'phys::stpe', independents: [u], dependents: [u]}\n",
			"spec.yaml:5:15: unknown routine 'stpe' in module 'phys' (did you mean 'step'?)\n"},
		{"module", "  - {routine: 'phis::step', independents: [u], dependents: [u]}\n",
			"spec.yaml:5:15: unknown module 'phis' (did you mean 'phys'?)\n"},
		{"module variable", "  - {routine: model, independents: ['phys::kapa'], dependents: [cost]}\n",
			"spec.yaml:5:37: unknown variable 'kapa' in module 'phys' (did you mean 'kappa'?)\n"},
		{"use-associated variable", "  - {routine: model, independents: [kapa], dependents: [cost]}\n",
			"spec.yaml:5:37: unknown variable 'kapa' in routine 'model' (did you mean 'kappa'?)\n"},
		{"common member", "  - {routine: model, independents: [/coef/alpah], dependents: [cost]}\n",
			"spec.yaml:5:37: unknown variable 'alpah' in common block /coef/ of routine 'model' (did you mean 'alpha'?)\n"},
		{"every problem of every target", "  - {routine: model, independents: [totl, n], dependents: [cots]}\n  - {routine: nothing, independents: [x], dependents: [y]}\n",
			"spec.yaml:5:37: unknown variable 'totl' in routine 'model' (did you mean 'total'?)\n" +
				"spec.yaml:5:43: independent 'n' is integer: only real and complex variables can be differentiated\n" +
				"spec.yaml:5:60: unknown variable 'cots' in routine 'model' (did you mean 'cost'?)\n" +
				"spec.yaml:6:15: unknown routine 'nothing'\n"},
		{"local", "  - {routine: model, independents: [u], dependents: [total]}\n",
			"spec.yaml:5:54: dependent 'total' is a local variable of 'model': dependents are arguments, module variables (module::name) or common-block variables (/block/name)\n"},
		{"scalar with subscripts", "  - {routine: model, independents: ['phys::kappa(1)'], dependents: [cost]}\n",
			"spec.yaml:5:37: independent 'phys::kappa(1)' has subscripts, but 'kappa' is not an array\n"},
		{"setup", "  - {routine: model, independents: [u], dependents: [cost]}\ncheck: {setup: {model: stpe}}\n",
			"spec.yaml:6:24: unknown routine 'stpe' (did you mean 'step'?)\n"},
		{"setup arguments", "  - {routine: model, independents: [u], dependents: [cost]}\ncheck: {setup: {model: 'phys::step'}}\n",
			"spec.yaml:6:24: setup: 'phys::step' has 2 arguments, the target 'model' 3: it is called with the target's arguments\n"},
		{"setup function", "  - {routine: model, independents: [u], dependents: [cost]}\ncheck: {setup: {model: energy}}\n",
			"spec.yaml:6:24: setup: 'energy' is not an external or module subroutine\n"},
		{"setup types", "  - {routine: model, independents: [u], dependents: [cost]}\ncheck: {setup: {model: badinit}}\n",
			"spec.yaml:6:24: setup: argument 1 of 'badinit' ('u') is not a real(8) of rank 1, as argument 'u' of 'model' is\n"},
		{"form overrides", "  - {routine: model, independents: [u], dependents: [cost]}\nform: {m.f90: fixed}\n",
			""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := bindTree(t, head+tc.targets, map[string]string{"m.f90": src})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tc.want == "" {
				// Fixed form for free-form text: the front end's errors.
				if !strings.Contains(got, "m.f90:") {
					t.Errorf("got %q, want errors in m.f90", got)
				}
				return
			}
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestMissingSource(t *testing.T) {
	_, err := bindTree(t, "version: 1\nsources: [m.f90, gone.f90]\noutput: {dir: ad}\ntargets:\n  - {routine: model, independents: [u], dependents: [cost]}\n",
		map[string]string{"m.f90": src})
	if err == nil || err.Error() != "spec.yaml:2:18: cannot read source gone.f90: no such file or directory\n" {
		t.Errorf("err = %v", err)
	}
}

func TestMixedForms(t *testing.T) {
	_, err := bindTree(t, "version: 1\nsources: [a.f, b.f90]\nform: {a.f: free}\noutput: {dir: ad}\ntargets:\n  - {routine: model, independents: [u], dependents: [cost]}\n",
		map[string]string{"a.f": src, "b.f90": "subroutine b\nend subroutine b\n"})
	if err == nil || err.Error() != "spec.yaml:3:13: not supported yet: form overrides must give every source the same form\n" {
		t.Errorf("err = %v", err)
	}
}
