package plan_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/plan"
)

const src = `module physics
contains
  subroutine step(u)
    real(8) :: u
    u = u*2
  end subroutine step
end module physics
subroutine relax(u)
  real(8) :: u
  u = sqrt(u)
end subroutine relax
subroutine model(u)
  use physics
  real(8) :: u
  integer :: it
  do it = 1, 3
    call step(u)
10  call step(u)
    call relax(u)
  end do
  call helper(u)
end subroutine model
subroutine helper(u)
  use physics
  real(8) :: u
  call step(u)
  call model(u)
end subroutine helper
subroutine twice(u)
  real(8) :: u
  integer :: k
  do k = 1, 2
    u = u*0.5d0
  end do
  do k = 1, 2
    u = u*0.5d0
  end do
end subroutine twice
`

// TestBuild prints the plan of a program for target settings written as
// the spec's target section.
func TestBuild(t *testing.T) {
	const all = `t.f90:17:5 model -> physics::step: joint lazy
t.f90:18:5 model -> physics::step: joint lazy
t.f90:19:5 model -> relax: joint lazy
t.f90:21:3 model -> helper: joint lazy
t.f90:26:3 helper -> physics::step: joint lazy
t.f90:27:3 helper -> model: joint lazy
`
	tests := []struct {
		name, target string
		want         string
	}{{
		name:   "all joint, lazy by default",
		target: "",
		want: `t.f90:17:5 model -> physics::step: joint lazy
t.f90:18:5 model -> physics::step: joint lazy
t.f90:19:5 model -> relax: joint lazy
t.f90:21:3 model -> helper: joint lazy
t.f90:26:3 helper -> physics::step: joint lazy
t.f90:27:3 helper -> model: joint lazy
`,
	}, {
		name:   "split by default, one callee joint; calls of the target stay joint",
		target: "    calls: split\n    call_overrides: {relax: joint}\n",
		want: `t.f90:17:5 model -> physics::step: split
t.f90:18:5 model -> physics::step: split
t.f90:19:5 model -> relax: joint lazy
t.f90:21:3 model -> helper: split
t.f90:26:3 helper -> physics::step: split
t.f90:27:3 helper -> model: joint lazy
`,
	}, {
		name: "checkpoints per callee, per routine, per line and per label; the most specific wins",
		target: `    calls: split
    checkpoints:
      - {call: step, snapshots: eager}
      - {call: physics::step, in: helper, snapshots: auto}
      - {call: step, label: 10, snapshots: lazy}
      - {call: relax, in: model, at: 19, snapshots: auto}
`,
		want: `t.f90:17:5 model -> physics::step: joint eager
t.f90:18:5 model -> physics::step: joint lazy
t.f90:19:5 model -> relax: joint auto
t.f90:21:3 model -> helper: split
t.f90:26:3 helper -> physics::step: joint auto
t.f90:27:3 helper -> model: joint lazy
`,
	}, {
		name: "checkpoints naming no call site",
		target: `    checkpoints:
      - {call: step, at: 5}
      - {call: relax, in: helper}
      - {call: step, label: 99}
      - {call: nosuch}
`,
		want: `spec.yaml:10:16: checkpoints: no call of 'step' at line 5 in the sources
spec.yaml:11:16: checkpoints: no call of 'relax' in 'helper' in the sources
spec.yaml:12:16: checkpoints: no call of 'step' labelled 99 in the sources
spec.yaml:13:16: checkpoints: no call of 'nosuch' in the sources
`,
	}, {
		name: "two equally specific checkpoints disagree",
		target: `    checkpoints:
      - {call: step, in: model, snapshots: eager}
      - {call: step, label: 10, snapshots: lazy}
      - {call: physics::step, in: model, snapshots: lazy}
`,
		want: "spec.yaml:12:16: checkpoints: this entry and the one at line 10 both name the call of 'step' at t.f90:17:5, with different snapshots\n",
	}, {
		name: "fixed-point loops by control variable, line and label",
		target: `    fixed_point:
      - {loop: model::do it, tolerance: 1.0e-8, start: warm}
      - {in: twice, at: 35, norm: max, max_iterations: 7}
`,
		want: all + `t.f90:16:3 model::line 16: fixed point tol 1e-08 l2 max 1000 warm
t.f90:35:3 twice::line 35: fixed point tol 1e-10 max max 7 cold
`,
	}, {
		name: "fixed-point loops naming no loop, or two",
		target: `    fixed_point:
      - {loop: nosuch}
      - {loop: do k}
      - {label: 10}
      - {loop: model::do it}
      - {loop: do it}
`,
		want: `spec.yaml:10:16: fixed_point: no DO loop 'nosuch' in the sources
spec.yaml:11:16: fixed_point: 2 DO loops match 'do k' (t.f90:32:3, t.f90:35:3); narrow it with in, at or label
spec.yaml:12:9: fixed_point: no DO loop labelled 10 in the sources
spec.yaml:14:16: fixed_point: the loop at t.f90:16:3 is listed twice (first at line 13)
`,
	}}
	read := func(p string) ([]byte, error) {
		if p == "t.f90" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	routine := prog.Info.Global.Lookup("model")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := "version: 1\nsources: [t.f90]\noutput: {dir: ad}\ntargets:\n  - routine: model\n    mode: reverse\n    independents: [u]\n    dependents: [u]\n" + tt.target
			s, err := config.Parse("spec.yaml", []byte(spec))
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.Build(prog, s.Targets[0], routine)
			var got string
			if err != nil {
				var b strings.Builder
				diag.Print(&b, err, 0)
				got = b.String()
			} else {
				got = p.String()
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
