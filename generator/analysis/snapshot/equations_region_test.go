package snapshot_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/plan"
)

// regionProgram is a small program with one checkpointed loop or region
// and, per snapshot option, derived by hand: its Opt3+ (what it holds
// across the code after it so that this code records none of it) and
// the TBR set after it ("region:LINE Opt3+={..} after={..}").
type regionProgram struct {
	name, src         string
	checkpoint        config.Checkpoint
	ins, outs         []string
	lazy, eager, auto string
}

var regionPrograms = []regionProgram{{
	// The steps read c and w and define neither; the code after the
	// loop overwrites both: Opt3 = {c w}. The adjoint of line 4 reads
	// c (Req = {c u}, u overwritten by the loop), so eager (Opt3 \ Req)
	// holds w only and leaves c to the code after the loop. Auto weighs
	// w's copy (800 bytes, extent unknown) against w = sin(u)'s whole
	// record of it (800): no gain, lazy. The loop's adjoint reads c, u
	// and w: the set after it, less w for eager.
	name: "a loop reading what the code after it overwrites",
	src: `subroutine f(n, nt, u, c, y)
  integer :: n, nt, it
  real(8) :: u(n), c, y, w(n)
  w = 0.5d0 + 0.1d0*u*c
  y = 0
  do it = 1, nt
    u = u + 0.05d0*(c*cos(u) - w*u)
    y = y + sum(u**2)
  end do
  c = 2*c
  w = sin(u)
  y = y + sum(w) + c
end subroutine
`,
	checkpoint: config.Checkpoint{Loop: "do it", Var: "it", Binomial: &config.Binomial{Snapshots: 2}},
	ins:        []string{"u", "c"}, outs: []string{"y"},
	lazy:  "f:6 Opt3+={} after={c u w}",
	eager: "f:6 Opt3+={w} after={c u}",
	auto:  "f:6 Opt3+={} after={c u w}",
}, {
	// The region reads s, which the nest after it updates element by
	// element, four times over: Opt3 = {s}, Req = {} (s = 2*u + 1 needs
	// nothing). Eager holds s; so does auto, its copy (800 bytes)
	// smaller than the nest's records (4 × 100 elements). The region's
	// adjoint reads s and u.
	name: "a region read by a nest that updates it element by element",
	src: `subroutine f(n, u, y)
  integer :: n, i, k
  real(8) :: u(n), y, s(n)
  s = 2*u + 1
  stage: block
    y = sum(s*u**2)
  end block stage
  do k = 1, 4
    do i = 1, n
      s(i) = 0.3d0*s(i) + u(i)
    end do
  end do
  y = y + sum(s)
end subroutine
`,
	checkpoint: config.Checkpoint{Region: "stage", Name: "stage"},
	ins:        []string{"u"}, outs: []string{"y"},
	lazy:  "f:5 Opt3+={} after={s u}",
	eager: "f:5 Opt3+={s} after={u}",
	auto:  "f:5 Opt3+={s} after={u}",
}}

func regionDecisions(t *testing.T, p regionProgram, opt config.Snapshots) string {
	t.Helper()
	read := func(name string) ([]byte, error) {
		if name == "t.f90" {
			return []byte(p.src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	proc := prog.Info.Global.Lookup("f")
	target := &analysis.Target{Routine: proc}
	for _, n := range p.ins {
		target.Independents = append(target.Independents, proc.Inner.Lookup(n))
	}
	for _, n := range p.outs {
		target.Dependents = append(target.Dependents, proc.Inner.Lookup(n))
	}
	c := p.checkpoint
	c.Snapshots = opt
	pl, err := plan.Build(prog, &config.Target{Routine: "f", Checkpoints: []config.Checkpoint{c}}, proc)
	if err != nil {
		t.Fatal(err)
	}
	a := tbr.New("tbr", tbr.Config{Plan: pl})
	res, err := analysis.Run(prog, target, activity.Analyzer, a)
	if err := analysis.Errors(err); err != nil {
		t.Fatal(err)
	}
	act := res[activity.Analyzer].(*activity.Result)
	pt := res[a].(*tbr.Result).Version(act.Procs[0])
	var lines []string
	ast.Inspect(&ast.Unit{Body: act.Procs[0].Unit.Body}, func(n ast.Node) bool {
		s, ok := n.(ast.Stmt)
		if !ok {
			return true
		}
		do, isDo := s.(*ast.DoConstruct)
		b, isBlock := s.(*ast.BlockConstruct)
		if !(isDo && pl.Region(do) != nil || isBlock && pl.Block(b) != nil) {
			return true
		}
		plus := "{}"
		if d := pt.Region(s); d != nil {
			plus = d.Opt3Plus.String()
		}
		var after []string
		for _, v := range pt.Required(s, true) {
			after = append(after, v.Sym.Name)
		}
		lines = append(lines, fmt.Sprintf("f:%d Opt3+=%s after={%s}", prog.Fset.Position(s.Pos()).Line, plus, strings.Join(after, " ")))
		return true
	})
	return strings.Join(lines, "\n")
}

// TestRegionEquations compares what checkpointed loops and regions hold
// across the code after them, and the TBR set after them, with those
// derived by hand, for lazy, eager and auto snapshots.
func TestRegionEquations(t *testing.T) {
	for _, p := range regionPrograms {
		t.Run(p.name, func(t *testing.T) {
			for _, c := range []struct {
				opt  config.Snapshots
				want string
			}{{config.Lazy, p.lazy}, {config.Eager, p.eager}, {config.AutoSnapshots, p.auto}} {
				if got := regionDecisions(t, p, c.opt); got != c.want {
					t.Errorf("%s:\n%s\nwant\n%s", c.opt, got, c.want)
				}
			}
		})
	}
}
