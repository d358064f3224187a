package tbr_test

import (
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/plan"
)

// TestCheckpointedStepsOnePass: the records of a loop's body are those of
// one step when the spec checkpoints the loop (each step recorded and at
// once reversed from a snapshot), of two passes (Naumann) otherwise.
// w and the temporary r are overwritten by the next step and read by this
// step's adjoint only; acc is needed by the code before the loop.
func TestCheckpointedStepsOnePass(t *testing.T) {
	src := `
subroutine f(n, nt, u, c, y)
  integer :: n, nt, it
  real(8) :: u(n), c, y, r(n), w, acc
  acc = c*c
  y = acc*u(1)
  w = 0
  time: do it = 1, nt
    r = u*u
    w = sin(c*it)
    acc = acc + w*sum(r)
    u = u + 0.1d0*r*w
  end do time
  y = y + acc + sum(u)
end subroutine
`
	for _, c := range []struct {
		name string
		ckpt bool
		want string
	}{
		{"plain loop", false, "8:r 9:w 10:acc 11:u"},
		{"checkpointed loop", true, "10:acc 11:u"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := load1(t, src)
			var pl *plan.Plan
			if c.ckpt {
				var err error
				tg := &config.Target{Routine: "f", Checkpoints: []config.Checkpoint{{Loop: "time", Name: "time",
					Binomial: &config.Binomial{Snapshots: 2}}}}
				if pl, err = plan.Build(prog, tg, procSym(t, prog, "f")); err != nil {
					t.Fatal(err)
				}
			}
			prog, act, res := runProg(t, prog, "f", []string{"u", "c"}, []string{"y"}, tbr.New("tbr", tbr.Config{Plan: pl}))
			if got := records(prog, act, res)["f"]; got != c.want {
				t.Errorf("records %q, want %q", got, c.want)
			}
		})
	}
}
