package plan_test

import (
	"os"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/plan"
)

// TestRecomputed checks that a loop strategy recompute checkpoints is a
// plan region, registered once, listed by String, and that a nil plan
// still gives one.
func TestRecomputed(t *testing.T) {
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
	p, err := plan.Build(prog, &config.Target{}, routine)
	if err != nil {
		t.Fatal(err)
	}
	found := loops.Find(prog, loops.Ref{Routine: "twice", Var: "k"})
	if len(found) != 2 {
		t.Fatalf("found %d loops 'do k', want 2", len(found))
	}
	r := p.Recomputed(found[0], 7)
	if again := p.Recomputed(found[0], 3); again != r || p.Region(found[0].Do) != r {
		t.Errorf("Recomputed registered the loop twice or not at all")
	}
	if r.Spec != nil || r.Snapshots != 7 || r.Name != "twice::line 32" {
		t.Errorf("region %+v, want no spec, 7 snapshots, name twice::line 32", r)
	}
	if got, want := p.String(), "t.f90:17:5 model -> physics::step: joint lazy\nt.f90:18:5 model -> physics::step: joint lazy\nt.f90:19:5 model -> relax: joint lazy\nt.f90:21:3 model -> helper: joint lazy\nt.f90:26:3 helper -> physics::step: joint lazy\nt.f90:27:3 helper -> model: joint lazy\nt.f90:32:3 twice::line 32: binomial 7 snapshots\n"; got != want {
		t.Errorf("plan\n%s\nwant\n%s", got, want)
	}
	var nilPlan *plan.Plan
	if r := nilPlan.Recomputed(found[1], 2); r == nil || r.Snapshots != 2 || nilPlan.Region(found[1].Do) != nil {
		t.Errorf("a nil plan gives region %+v", r)
	}
}
