package analysis_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/source"
)

// recorder makes analyzers that log their runs.
type recorder struct {
	log   []string
	calls map[string]int
}

func (r *recorder) make(name string, requires ...*analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{Name: name, Requires: requires}
	a.Run = func(p *analysis.Pass) (any, error) {
		r.calls[name]++
		var deps []string
		for _, q := range requires {
			v, ok := p.ResultOf[q]
			if !ok {
				return nil, fmt.Errorf("%s: no result of %s", name, q.Name)
			}
			deps = append(deps, v.(string))
		}
		if len(p.ResultOf) != len(requires) {
			return nil, fmt.Errorf("%s: ResultOf has %d entries", name, len(p.ResultOf))
		}
		r.log = append(r.log, name)
		if len(deps) == 0 {
			return name, nil
		}
		return name + "(" + strings.Join(deps, ",") + ")", nil
	}
	return a
}

func newRecorder() *recorder { return &recorder{calls: map[string]int{}} }

func TestRunOrderAndResults(t *testing.T) {
	r := newRecorder()
	c := r.make("c")
	b := r.make("b", c)
	d := r.make("d")
	a := r.make("a", b, c, d)
	res, err := analysis.Run(nil, nil, a)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.log, " "); got != "c b d a" {
		t.Errorf("order %q", got)
	}
	want := map[*analysis.Analyzer]string{a: "a(b(c),c,d)", b: "b(c)", c: "c", d: "d"}
	if len(res) != len(want) {
		t.Errorf("%d results", len(res))
	}
	for an, w := range want {
		if res[an] != w {
			t.Errorf("%s = %v, want %q", an.Name, res[an], w)
		}
	}
}

func TestRunOnce(t *testing.T) {
	r := newRecorder()
	base := r.make("base")
	x := r.make("x", base)
	y := r.make("y", base, x)
	res, err := analysis.Run(nil, nil, y, x, base, y)
	if err != nil {
		t.Fatal(err)
	}
	for name, n := range r.calls {
		if n != 1 {
			t.Errorf("%s ran %d times", name, n)
		}
	}
	if res[y] != "y(base,x(base))" {
		t.Errorf("y = %v", res[y])
	}
}

func TestValidate(t *testing.T) {
	run := func(*analysis.Pass) (any, error) { return nil, nil }
	a := &analysis.Analyzer{Name: "a", Run: run}
	b := &analysis.Analyzer{Name: "b", Run: run, Requires: []*analysis.Analyzer{a}}
	c := &analysis.Analyzer{Name: "c", Run: run, Requires: []*analysis.Analyzer{b}}
	a.Requires = []*analysis.Analyzer{c} // a -> c -> b -> a
	self := &analysis.Analyzer{Name: "self", Run: run}
	self.Requires = []*analysis.Analyzer{self}
	ok1 := &analysis.Analyzer{Name: "ok", Run: run}
	ok2 := &analysis.Analyzer{Name: "ok", Run: run}
	tests := []struct {
		list []*analysis.Analyzer
		want string
	}{
		{[]*analysis.Analyzer{b}, "analysis: cycle in Requires: b -> a -> c -> b"},
		{[]*analysis.Analyzer{self}, "analysis: cycle in Requires: self -> self"},
		{[]*analysis.Analyzer{ok1, ok2}, "analysis: two analyzers are named ok"},
		{[]*analysis.Analyzer{{Run: run}}, "analysis: analyzer without a name"},
		{[]*analysis.Analyzer{{Name: "norun"}}, "analysis: analyzer norun has no Run function"},
		{[]*analysis.Analyzer{nil}, "analysis: nil analyzer"},
		{[]*analysis.Analyzer{ok1, ok1}, ""},
	}
	for _, tt := range tests {
		err := analysis.Validate(tt.list)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Validate: %q, want %q", got, tt.want)
		}
		if tt.want != "" {
			if _, err := analysis.Run(nil, nil, tt.list...); err == nil || err.Error() != tt.want {
				t.Errorf("Run: %v, want %q", err, tt.want)
			}
		}
	}
}

var errBoom = errors.New("boom")

func TestErrorPropagation(t *testing.T) {
	r := newRecorder()
	ok := r.make("ok")
	bad := &analysis.Analyzer{Name: "bad", Run: func(*analysis.Pass) (any, error) { return nil, errBoom }}
	after := r.make("after", bad)
	afterAfter := r.make("afterafter", after)
	other := r.make("other", ok)
	res, err := analysis.Run(nil, nil, afterAfter, other)
	if !errors.Is(err, errBoom) || err.Error() != "bad: boom" {
		t.Fatalf("err = %v", err)
	}
	if r.calls["after"] != 0 || r.calls["afterafter"] != 0 {
		t.Errorf("analyzers depending on a failed one ran: %v", r.calls)
	}
	if res[other] != "other(ok)" || res[ok] != "ok" {
		t.Errorf("independent analyzers did not run: %v", res)
	}
	if _, has := res[bad]; has {
		t.Errorf("failed analyzer has a result")
	}
}

func TestPanicIsAnError(t *testing.T) {
	p := &analysis.Analyzer{Name: "p", Run: func(*analysis.Pass) (any, error) { panic("oops") }}
	_, err := analysis.Run(nil, nil, p)
	if err == nil || !strings.HasPrefix(err.Error(), "p: internal error: panic: oops") {
		t.Errorf("err = %v", err)
	}
}

func TestReports(t *testing.T) {
	src := "subroutine f(x)\n  real :: x\n  x = 1.0\nend subroutine\n"
	prog, err := load.Files([]string{"r.f90"}, load.Config{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
	if err != nil {
		t.Fatal(err)
	}
	pos := func(off int) source.Pos { return prog.Fset.Files()[0].Pos(off) }
	warn := &analysis.Analyzer{Name: "warn", Run: func(p *analysis.Pass) (any, error) {
		p.Warnf(pos(18), "x is %s", "odd")
		return 1, nil
	}}
	res, err := analysis.Run(prog, nil, warn)
	if err == nil || err.Error() != "r.f90:2:3: warning: x is odd" {
		t.Fatalf("err = %v", err)
	}
	if analysis.Errors(err) != nil {
		t.Errorf("a warning is an error: %v", analysis.Errors(err))
	}
	if res[warn] != 1 {
		t.Errorf("result %v", res[warn])
	}
	// Errors come sorted by position, duplicates dropped, and with the
	// errors a Run returns as a diag.List.
	rep := &analysis.Analyzer{Name: "rep", Requires: []*analysis.Analyzer{warn}, Run: func(p *analysis.Pass) (any, error) {
		p.Reportf(pos(30), "second")
		p.Report(pos(0), "first")
		p.Report(pos(0), "first")
		p.Report(source.NoPos, "nowhere")
		return nil, nil
	}}
	listErr := &analysis.Analyzer{Name: "list", Run: func(p *analysis.Pass) (any, error) {
		var l diag.List
		l.Add(source.Position{Filename: "r.f90", Line: 3, Column: 1}, "from the list")
		return nil, l
	}}
	_, err = analysis.Run(prog, nil, rep, listErr)
	var l diag.List
	if !errors.As(err, &l) {
		t.Fatalf("err %T is not a diag.List", err)
	}
	var got []string
	for _, e := range l {
		got = append(got, e.Error())
	}
	want := []string{"nowhere", "r.f90:1:1: first", "r.f90:2:3: warning: x is odd", "r.f90:3:1: from the list", "r.f90:3:3: second"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("reports:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	errs := analysis.Errors(err).(diag.List)
	if len(errs) != 4 || analysis.IsWarning(errs[0]) {
		t.Errorf("Errors: %v", errs)
	}
	// Target and Prog reach the analyzer.
	tg := &analysis.Target{}
	seen := &analysis.Analyzer{Name: "seen", Run: func(p *analysis.Pass) (any, error) {
		if p.Target != tg || p.Prog != prog || p.Analyzer.Name != "seen" {
			return nil, errors.New("wrong pass")
		}
		return nil, nil
	}}
	if _, err := analysis.Run(prog, tg, seen); err != nil {
		t.Error(err)
	}
}

func TestErrorsOfOtherErrors(t *testing.T) {
	if analysis.Errors(nil) != nil {
		t.Error("Errors(nil)")
	}
	if err := analysis.Errors(errBoom); err != errBoom {
		t.Errorf("Errors(boom) = %v", err)
	}
	var l diag.List
	l.Add(source.Position{}, analysis.WarningPrefix+"w")
	if analysis.Errors(l) != nil {
		t.Errorf("Errors(warnings) = %v", analysis.Errors(l))
	}
	joined := errors.Join(errBoom, l)
	if analysis.Errors(joined) != joined {
		t.Errorf("Errors(joined) dropped an error")
	}
}
