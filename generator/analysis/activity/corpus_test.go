package activity_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// TestCorpus runs the analysis with every procedure of the front end's
// corpus as the target, every real dummy argument independent and
// dependent: it must neither fail nor panic, report only the diagnostics
// of the analysis, and give the same answer twice.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("../../fortran/testdata/corpus/*.f*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	targets := 0
	for _, file := range files {
		prog, err := load.Files([]string{file}, load.Config{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, n := range prog.Info.CallGraph.Nodes {
			if !n.Defined() {
				continue
			}
			tg := &analysis.Target{Routine: n.Proc}
			if p := n.Proc.Proc; p != nil {
				for _, d := range p.Args {
					if d != nil && d.Kind == sema.VarSym && d.Type != nil && d.Type.IsFloat() {
						tg.Independents = append(tg.Independents, d)
						tg.Dependents = append(tg.Dependents, d)
					}
				}
				if p.Result != nil && p.Result.Type != nil && p.Result.Type.IsFloat() {
					tg.Dependents = append(tg.Dependents, p.Result)
				}
			}
			targets++
			first := describe(t, file, prog, tg)
			if again := describe(t, file, prog, tg); again != first {
				t.Errorf("%s: %s: not deterministic:\n%s\n----\n%s", file, n.Proc.Name, first, again)
			}
		}
	}
	if targets < 50 {
		t.Errorf("only %d targets", targets)
	}
}

func describe(t *testing.T, file string, prog *load.Program, tg *analysis.Target) string {
	res, err := analysis.Run(prog, tg, activity.Analyzer)
	var out []string
	if err != nil {
		l, ok := err.(diag.List)
		if !ok {
			t.Errorf("%s: %s: %v", file, tg.Routine.Name, err)
			return ""
		}
		for _, e := range l {
			if !strings.Contains(e.Msg, "not supported:") && !strings.Contains(e.Msg, "not supported yet:") && !analysis.IsWarning(e) {
				t.Errorf("%s: %s: unexpected %v", file, tg.Routine.Name, e)
			}
			out = append(out, e.Error())
		}
	}
	r := res[activity.Analyzer].(*activity.Result)
	for _, pa := range r.Procs {
		var vs []string
		for _, v := range pa.ActiveVars() {
			vs = append(vs, v.String())
		}
		sort.Strings(vs)
		out = append(out, pa.String()+": "+strings.Join(vs, " "))
	}
	return strings.Join(out, "\n")
}
