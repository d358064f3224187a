package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fuzzbound"
	"github.com/fadj-dev/fadj/generator/source"
)

// base is a minimal valid spec; bad specs are mostly small edits of it.
const base = `version: 1
sources: [src/model.f90]
output: {dir: ad}
targets:
  - routine: cost
    independents: [x]
    dependents: [j]
`

// errText returns every diagnostic of err, one a line.
func errText(err error) string {
	if err == nil {
		return ""
	}
	l, ok := err.(diag.List)
	if !ok {
		return "not a diag.List: " + err.Error()
	}
	var lines []string
	for _, e := range l {
		lines = append(lines, e.Error())
	}
	return strings.Join(lines, "\n")
}

func pos(line, col int) source.Position {
	return source.Position{Filename: "spec.yaml", Line: line, Column: col}
}

// samePos compares line and column (and file), not the offset.
func samePos(t *testing.T, what string, got, want source.Position) {
	t.Helper()
	if got.Filename != want.Filename || got.Line != want.Line || got.Column != want.Column {
		t.Errorf("%s at %s, want %s", what, got, want)
	}
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

var goodSpecs = []struct {
	name  string
	src   string
	check func(t *testing.T, s *Spec)
}{
	{"minimal with defaults", base, func(t *testing.T, s *Spec) {
		eq(t, "Filename", s.Filename, "spec.yaml")
		eq(t, "Dir", s.Dir, ".")
		eq(t, "Version", s.Version, 1)
		samePos(t, "version", s.VersionPos, pos(1, 10))
		eq(t, "Sources", len(s.Sources), 1)
		eq(t, "Sources[0]", s.Sources[0].Text, "src/model.f90")
		samePos(t, "source", s.Sources[0].Pos, pos(2, 11))
		eq(t, "Output.Dir", s.Output.Dir.Text, "ad")
		samePos(t, "output", s.Output.Pos, pos(3, 9))
		eq(t, "Suffix", s.Output.Suffix, "_b")
		eq(t, "TangentSuffix", s.Output.TangentSuffix, "_d")
		eq(t, "Runtime", s.Output.Runtime, "fadj_runtime")
		eq(t, "SuffixPos valid", s.Output.SuffixPos.IsValid(), false)
		tg := s.Targets[0]
		samePos(t, "target", tg.Pos, pos(5, 5))
		eq(t, "Routine", tg.Routine, "cost")
		samePos(t, "routine", tg.RoutinePos, pos(5, 14))
		eq(t, "Module", tg.Module, "")
		eq(t, "Name", tg.Name, "cost")
		eq(t, "Mode", tg.Mode, Reverse)
		eq(t, "Strategy", tg.Strategy, Store)
		eq(t, "Calls", tg.Calls, Joint)
		eq(t, "Independents", tg.Independents, []Var{{Text: "x", Pos: source.Position{Filename: "spec.yaml", Offset: 100, Line: 6, Column: 20}, Ref: VarRef{Name: "x"}}})
		samePos(t, "dependent", tg.Dependents[0].Pos, pos(7, 18))
		eq(t, "Check", s.Check, Check{Seed: 1, Samples: 3, FDStep: 1e-7, DotTolerance: 1e-12, FDTolerance: 1e-6, Compiler: "gfortran"})
		eq(t, "DefineMap", s.DefineMap(), map[string]string(nil))
		eq(t, "SourcePaths", s.SourcePaths(), []string{filepath.FromSlash("src/model.f90")})
		eq(t, "OutputDir", s.OutputDir(), "ad")
	}},
	{"every key", mustRead("testdata/full.yaml"), func(t *testing.T, s *Spec) {
		eq(t, "Sources", []string{s.Sources[0].Text, s.Sources[1].Text}, []string{"src/model.f90", "src/solver.f"})
		f, ok := s.FormOf("./src//solver.f")
		eq(t, "FormOf", f, Free)
		eq(t, "FormOf ok", ok, true)
		_, ok = s.FormOf("src/model.f90")
		eq(t, "FormOf model", ok, false)
		eq(t, "DefineMap", s.DefineMap(), map[string]string{"USE_MPI": "0", "NDEBUG": "1"})
		eq(t, "Defines order", s.Defines[0].Name, "USE_MPI")
		samePos(t, "define", s.Defines[1].Pos, pos(5, 25))
		eq(t, "IncludeDirs", s.IncludeDirs[0].Text, "src/include")
		eq(t, "Output", [4]string{s.Output.Dir.Text, s.Output.Suffix, s.Output.TangentSuffix, s.Output.Runtime}, [4]string{"ad", "_b", "_d", "fadj_runtime"})
		eq(t, "targets", len(s.Targets), 2)
		c := s.Targets[0]
		var refs []VarRef
		for _, v := range c.Independents {
			refs = append(refs, v.Ref)
		}
		eq(t, "independents", refs, []VarRef{
			{Name: "x"},
			{Name: "params", Path: []string{"drag"}},
			{Name: "u", Section: "1:n"},
			{Module: "physics", Name: "g"},
			{Common: "coeffs", Name: "alpha"},
		})
		eq(t, "call_overrides", c.CallOverrides[0].Name, "precond")
		eq(t, "CallsFor precond", c.CallsFor("precond"), Split)
		eq(t, "CallsFor timestep", c.CallsFor("timestep"), Joint)
		eq(t, "checkpoint 0", [3]string{c.Checkpoints[0].Call, c.Checkpoints[0].Name, string(c.Checkpoints[0].Snapshots)}, [3]string{"timestep", "timestep", "lazy"})
		eq(t, "checkpoint 1", c.Checkpoints[1].Loop, "time")
		eq(t, "checkpoint 1 snapshots", c.Checkpoints[1].Snapshots, Lazy)
		eq(t, "binomial", c.Checkpoints[1].Binomial.Snapshots, 20)
		samePos(t, "binomial", c.Checkpoints[1].Binomial.SnapshotsPos, pos(24, 31))
		fp := c.FixedPoint[0]
		eq(t, "fixed point", [2]any{fp.Loop, fp.MaxIterations}, [2]any{"picard", 500})
		eq(t, "tolerance", fp.Tolerance, 1e-10)
		r := s.Targets[1]
		eq(t, "qualified", r.QualifiedName(), "solver::residual")
		eq(t, "tangent", [2]bool{r.Mode.HasReverse(), r.Mode.HasTangent()}, [2]bool{false, true})
		eq(t, "Check", [3]any{s.Check.Seed, s.Check.Compiler, s.Check.Flags}, [3]any{int64(1), "gfortran", []string{"-O2"}})
		samePos(t, "check", s.Check.Pos, pos(34, 3))
	}},
	{"variable references", `version: 1
sources: [a.f90]
output: {dir: .}
targets:
  - routine: "Mod :: Cost"
    independents: ["P % A (1 : N, f(i,j))", "M::S%T", "/Blk/ W(2)", "a%b%c"]
    dependents: [J]
`, func(t *testing.T, s *Spec) {
		tg := s.Targets[0]
		eq(t, "Routine", tg.Routine, "Mod :: Cost")
		eq(t, "qualified", tg.QualifiedName(), "mod::cost")
		var refs []string
		for _, v := range tg.Independents {
			refs = append(refs, v.Ref.String())
		}
		eq(t, "refs", refs, []string{"p%a(1:n,f(i,j))", "m::s%t", "/blk/w(2)", "a%b%c"})
		eq(t, "section", tg.Independents[0].Ref.Section, "1 : N, f(i,j)")
		eq(t, "subscripts", tg.Independents[0].Ref.Subscripts(), []string{"1 : N", "f(i,j)"})
		eq(t, "text", tg.Independents[0].Text, "P % A (1 : N, f(i,j))")
		eq(t, "dependent", tg.Dependents[0].Ref, VarRef{Name: "j"})
	}},
	{"anchors and aliases", mustRead("testdata/anchors.yaml"), func(t *testing.T, s *Spec) {
		a, b := s.Targets[0], s.Targets[1]
		eq(t, "mode", a.Mode, Both)
		eq(t, "shared", len(b.Independents), 2)
		eq(t, "shared ref", b.Independents[1].Ref, VarRef{Name: "y", Path: []string{"z"}})
		// The items of an aliased list are where the anchor is.
		samePos(t, "aliased item", b.Independents[0].Pos, pos(7, 28))
	}},
	{"json", mustRead("testdata/json.yaml"), func(t *testing.T, s *Spec) {
		eq(t, "strategy", s.Targets[0].Strategy, Recompute)
		eq(t, "dir", s.Output.Dir.Text, "out")
	}},
	{"tangent only, defines, relative paths up", `version: 1
sources: [../shared/model.F90]
defines: {N: 10, DEBUG: , NAME: "x y", FLAG: true}
include_dirs: [.., inc/]
output: {dir: ./gen/../ad, suffix: _adj, tangent_suffix: _tl}
targets:
  - routine: f
    mode: tangent
    independents: [x]
    dependents: [y]
`, func(t *testing.T, s *Spec) {
		eq(t, "DefineMap", s.DefineMap(), map[string]string{"N": "10", "DEBUG": "1", "NAME": "x y", "FLAG": "true"})
		eq(t, "suffixes", [2]string{s.Output.Suffix, s.Output.TangentSuffix}, [2]string{"_adj", "_tl"})
		eq(t, "IncludePaths", s.IncludePaths(), []string{"..", "inc"})
		eq(t, "mode", s.Targets[0].Mode, Tangent)
	}},
	{"a checkpointed call joint although calls are split", `version: 1
sources: [a.f90]
output: {dir: ad}
targets:
  - routine: f
    independents: [x]
    dependents: [y]
    calls: split
    call_overrides: {m::g: joint}
    checkpoints:
      - call: step
        snapshots: eager
      - loop: f::outer
`, func(t *testing.T, s *Spec) {
		tg := s.Targets[0]
		eq(t, "step", tg.CallsFor("STEP"), Joint)
		eq(t, "g", tg.CallsFor("g"), Joint)
		eq(t, "m::g", tg.CallsFor("m::g"), Joint)
		eq(t, "n::g", tg.CallsFor("n::g"), Split)
		eq(t, "other", tg.CallsFor("other"), Split)
		eq(t, "eager", tg.Checkpoints[0].Snapshots, Eager)
		eq(t, "loop scope", [2]string{tg.Checkpoints[1].Scope, tg.Checkpoints[1].Name}, [2]string{"f", "outer"})
	}},
	{"CRLF, BOM and byte columns", "\uFEFFversion: 1\r\nsources: [a.f90]\r\noutput: {dir: ad}\r\ntargets:\r\n  - routine: f\r\n    independents: [x]\r\n    dependents: [y]\r\ncheck: {compiler: \"gförtran\", flags: [-O2]}\r\n",
		func(t *testing.T, s *Spec) {
			samePos(t, "version", s.VersionPos, pos(1, 10))
			samePos(t, "dependent", s.Targets[0].Dependents[0].Pos, pos(7, 18))
			// "gförtran" is 8 characters and 9 bytes: the list is at byte column 39.
			samePos(t, "flags", s.Check.FlagsPos, pos(8, 39))
		}},
	{"check settings", base + `check:
  seed: -7
  samples: 10
  fd_step: 1e-6
  dot_tolerance: 1
  fd_tolerance: 0.01
  compiler: /usr/bin/gfortran-13
  flags: [-O0, -g]
  inputs: {N: 50, nsteps: 0, dt: 1.0e-3, u0: {min: 0.9, max: 1.1}, w: [1, 2.5, -3], land: [true, False], idx: [3, 1, 2], wet: true}
  setup: {COST: init_cost}
`, func(t *testing.T, s *Spec) {
		eq(t, "Check", [7]any{s.Check.Seed, s.Check.Samples, s.Check.FDStep, s.Check.DotTolerance, s.Check.FDTolerance, s.Check.Compiler, s.Check.Flags},
			[7]any{int64(-7), 10, 1e-6, 1.0, 0.01, "/usr/bin/gfortran-13", []string{"-O0", "-g"}})
		in := s.Check.Inputs
		eq(t, "inputs", len(in), 8)
		eq(t, "input 0", [4]any{in[0].Name, in[0].Values, in[0].Integer, in[0].List}, [4]any{"n", []float64{50}, true, false})
		eq(t, "input 1", [2]any{in[1].Name, in[1].Values}, [2]any{"nsteps", []float64{0}})
		eq(t, "input 2", [3]any{in[2].Name, in[2].Values, in[2].Integer}, [3]any{"dt", []float64{1e-3}, false})
		eq(t, "input 3", [4]any{in[3].Name, in[3].Values == nil, in[3].Range.Min, in[3].Range.Max}, [4]any{"u0", true, 0.9, 1.1})
		samePos(t, "range", in[3].Range.Pos, pos(16, 46))
		samePos(t, "range max", in[3].Range.MaxPos, pos(16, 62))
		eq(t, "input 4", [4]any{in[4].Name, in[4].Values, in[4].List, in[4].Integers}, [4]any{"w", []float64{1, 2.5, -3}, true, false})
		eq(t, "input 5", [4]any{in[5].Name, in[5].Values, in[5].List, in[5].Logical}, [4]any{"land", []float64{1, 0}, true, true})
		eq(t, "input 6", [4]any{in[6].Name, in[6].Values, in[6].Integers, in[6].Logical}, [4]any{"idx", []float64{3, 1, 2}, true, false})
		eq(t, "input 7", [4]any{in[7].Name, in[7].Values, in[7].List, in[7].Logical}, [4]any{"wet", []float64{1}, false, true})
		samePos(t, "input 0", in[0].Pos, pos(16, 12))
		samePos(t, "input 0 value", in[0].ValuePos, pos(16, 15))
		eq(t, "InputFor(N)", s.Check.InputFor("N") == &in[0], true)
		eq(t, "InputFor(m)", s.Check.InputFor("m") == nil, true)
		su := s.Check.SetupFor(s.Targets[0])
		eq(t, "setup", [2]any{su.TargetName, su.Name}, [2]any{"cost", "init_cost"})
		samePos(t, "setup routine", su.RoutinePos, pos(17, 17))
	}},
	{"fixed point defaults; document markers", "---\n" + base + `    fixed_point: [{loop: picard}]
...
`, func(t *testing.T, s *Spec) {
		fp := s.Targets[0].FixedPoint[0]
		eq(t, "defaults", [2]any{fp.Tolerance, fp.MaxIterations}, [2]any{1e-10, 1000})
	}},
	{"fixed point named as a DO WHILE", base + `    fixed_point: [{loop: "solve::do while"}, {loop: do while, at: 40}]
`, func(t *testing.T, s *Spec) {
		a, b := s.Targets[0].FixedPoint[0], s.Targets[0].FixedPoint[1]
		eq(t, "qualified", [4]any{a.Routine, a.Name, a.Var, a.While}, [4]any{"solve", "", "", true})
		eq(t, "at a line", [4]any{b.Routine, b.Var, b.While, b.At}, [4]any{"", "", true, 40})
	}},
}

func mustRead(name string) string {
	data, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(data)
}

func TestGood(t *testing.T) {
	for _, c := range goodSpecs {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse("spec.yaml", []byte(c.src))
			if err != nil {
				t.Fatalf("unexpected errors:\n%s", errText(err))
			}
			c.check(t, s)
		})
	}
}

// badSpecs are specs and every diagnostic Parse gives for them. schema
// marks those the JSON Schema rejects too.
var badSpecs = []struct {
	name   string
	src    string
	want   string
	schema bool
}{
	{"empty", "", "spec.yaml:1:1: the spec is empty", true},
	{"comment only", "# nothing\n", "spec.yaml:1:1: the spec is empty", true},
	{"not a mapping", "- a\n- b\n", "spec.yaml:1:1: expected a mapping of keys at the top level, found a list", true},
	{"yaml syntax", "version: 1\nsources: [a.f90\noutput: {dir: ad}\n", "spec.yaml:2:1: invalid YAML: did not find expected ',' or ']'", false},
	{"tab indentation", "version: 1\noutput:\n\tdir: ad\n", "spec.yaml:3:1: invalid YAML: found character that cannot start any token", false},
	{"unknown anchor", base + "check: *nope\n", "spec.yaml:8:8: invalid YAML: unknown anchor 'nope' referenced", false},
	{"not utf-8", "version: 1\n# caf\xe9\n", "spec.yaml:2:6: the spec is not UTF-8 text (byte 0xe9)", false},
	{"control character", "version: 1\nsources: [a\x00.f90]\n", "spec.yaml:2:12: control character U+0000 is not allowed in YAML", false},
	{"second document", base + "---\nversion: 1\n", "spec.yaml:8:1: a spec is one YAML document; a second one starts here", false},
	{"missing keys", "version: 1\n", `spec.yaml:1:1: missing required key 'output'
spec.yaml:1:1: missing required key 'sources'
spec.yaml:1:1: missing required key 'targets'`, true},
	{"missing version", strings.TrimPrefix(base, "version: 1\n"), "spec.yaml:1:1: missing required key 'version'", true},
	{"unsupported version", "version: 2\nsources: what ever\nsuffix: x\n", "spec.yaml:1:10: version 2 is not supported (this fadj reads version 1)", true},
	{"version as string", strings.Replace(base, "version: 1", `version: "1"`, 1), "spec.yaml:1:10: version: expected an integer, found a string", true},
	{"unknown key with suggestion", strings.Replace(base, "    dependents", "    dependants", 1), "spec.yaml:7:5: unknown key 'dependants' in target (did you mean 'dependents'?)", true},
	{"unknown key without suggestion", base + "colour: blue\n", "spec.yaml:8:1: unknown key 'colour' at the top level", true},
	{"misplaced key", base + "suffix: _adj\n", "spec.yaml:8:1: unknown key 'suffix' at the top level (it belongs in output)", true},
	{"duplicate key", base + "    dependents: [k]\n", "spec.yaml:8:5: duplicate key 'dependents' in target (first at line 7)", false},
	{"sources is a mapping", strings.Replace(base, "[src/model.f90]", "{a: b}", 1), "spec.yaml:2:10: sources: expected a list of strings, found a mapping", true},
	{"sources empty", strings.Replace(base, "[src/model.f90]", "[]", 1), "spec.yaml:2:10: sources: expected at least one file", true},
	{"source not a string", strings.Replace(base, "[src/model.f90]", "[a.f90, 12]", 1), "spec.yaml:2:18: sources: expected a string, found an integer", true},
	{"absolute source", strings.Replace(base, "[src/model.f90]", "[/home/me/model.f90]", 1), "spec.yaml:2:11: sources: '/home/me/model.f90' is an absolute path; paths are relative to the spec's directory, so that outputs do not depend on the machine", true},
	{"windows path", strings.Replace(base, "[src/model.f90]", `['src\model.f90', 'C:/x.f']`, 1), `spec.yaml:2:11: sources: 'src\model.f90' contains '\'; separate directories with '/'
spec.yaml:2:28: sources: 'C:/x.f' is an absolute path; paths are relative to the spec's directory, so that outputs do not depend on the machine`, true},
	{"source twice", strings.Replace(base, "[src/model.f90]", "[src/model.f90, ./src/model.f90]", 1), "spec.yaml:2:26: sources: './src/model.f90' is listed twice (first at line 2)", false},
	{"source is a directory", strings.Replace(base, "[src/model.f90]", "[src/, ..]", 1), `spec.yaml:2:11: sources: 'src/' names a directory, not a file
spec.yaml:2:17: sources: '..' names a directory, not a file`, true},
	{"output missing dir", strings.Replace(base, "{dir: ad}", "{suffix: _adj}", 1), "spec.yaml:3:9: missing required key 'dir' in output", true},
	{"output is empty", strings.Replace(base, "{dir: ad}", "", 1), "spec.yaml:3:8: output: expected a mapping, found nothing", true},
	{"bad suffix", strings.Replace(base, "{dir: ad}", "{dir: ad, suffix: -b}", 1), "spec.yaml:3:27: suffix: '-b' is not a valid part of a Fortran name (letters, digits and underscores)", true},
	{"empty suffix", strings.Replace(base, "{dir: ad}", `{dir: ad, suffix: ""}`, 1), "spec.yaml:3:27: suffix: must not be empty (generated names would equal the original ones)", true},
	{"suffixes clash", strings.Replace(base, "{dir: ad}", "{dir: ad, suffix: _x, tangent_suffix: _X}", 1), "spec.yaml:3:47: tangent_suffix: '_X' is the same as suffix '_x'; tangent and adjoint names would clash", false},
	{"suffix clashes with default", strings.Replace(base, "{dir: ad}", "{dir: ad, suffix: _d}", 1), "spec.yaml:3:27: suffix: '_d' is the same as tangent_suffix '_d' (the default); tangent and adjoint names would clash", false},
	{"bad runtime", strings.Replace(base, "{dir: ad}", "{dir: ad, runtime: 2fast}", 1), "spec.yaml:3:28: runtime: '2fast' does not start with a letter", true},
	{"targets empty", strings.Replace(base, "targets:\n  - routine: cost\n    independents: [x]\n    dependents: [j]\n", "targets: []\n", 1), "spec.yaml:4:10: targets: expected at least one target", true},
	{"target as a string", strings.Replace(base, "targets:\n  - routine: cost\n    independents: [x]\n    dependents: [j]\n", "targets: [cost]\n", 1), "spec.yaml:4:11: targets: expected a mapping, found 'cost' (write '- routine: cost')", true},
	{"target missing keys", strings.Replace(base, "    independents: [x]\n    dependents: [j]\n", "", 1), `spec.yaml:5:5: missing required key 'dependents' in target
spec.yaml:5:5: missing required key 'independents' in target`, true},
	{"bad mode", base + "    mode: adjoint\n", "spec.yaml:8:11: mode: expected reverse, tangent or both, found 'adjoint'", true},
	{"mode near miss", base + "    mode: Reverse\n", "spec.yaml:8:11: mode: expected reverse, tangent or both, found 'Reverse' (did you mean 'reverse'?)", true},
	{"bad strategy type", base + "    strategy: [store]\n", "spec.yaml:8:15: strategy: expected store, recompute or auto, found a list", true},
	{"bad routine", strings.Replace(base, "routine: cost", "routine: cost function", 1), "spec.yaml:5:14: routine: 'cost function' is not a Fortran name", true},
	{"bad qualified routine", strings.Replace(base, "routine: cost", "routine: '::cost'", 1), "spec.yaml:5:14: routine: '::cost': the module before '::' is missing", true},
	{"duplicate target", base + "  - routine: COST\n    independents: [y]\n    dependents: [j]\n", "spec.yaml:8:14: targets: routine 'COST' is listed twice (first at line 5)", false},
	{"independents empty", strings.Replace(base, "[x]", "[]", 1), "spec.yaml:6:19: independents: expected at least one variable", true},
	{"independent twice", strings.Replace(base, "[x]", "[x, y, X]", 1), "spec.yaml:6:26: independents: 'X' names the same variable as 'x' (line 6)", false},
	{"independent inside another", strings.Replace(base, "[x]", "[p%a(1:n), p]", 1), "spec.yaml:6:30: independents: 'p' contains 'p%a(1:n)' (line 6)", false},
	{"bad variables", strings.Replace(base, "[x]", "['u(1:', 'a(1)%b(2)', 'm::/c/v', '//v', 'x y', 'a()', 'a(1,,2)', '%a', 'u(1;2)']", 1), `spec.yaml:6:20: independents: invalid variable 'u(1:': missing ')'
spec.yaml:6:28: independents: invalid variable 'a(1)%b(2)': subscripts are allowed on the first or the last part only
spec.yaml:6:41: independents: invalid variable 'm::/c/v': a variable is in a module or in a common block, not both
spec.yaml:6:52: independents: invalid variable '//v': blank common: name the variable as the routine declares it
spec.yaml:6:59: independents: invalid variable 'x y': unexpected 'y'
spec.yaml:6:66: independents: invalid variable 'a()': empty subscript list '()'
spec.yaml:6:73: independents: invalid variable 'a(1,,2)': empty subscript
spec.yaml:6:84: independents: invalid variable '%a': missing variable name
spec.yaml:6:90: independents: invalid variable 'u(1;2)': unexpected ';' in subscripts`, false},
	{"reverse-only keys in tangent mode", base + "    mode: tangent\n    strategy: store\n    checkpoints: [{call: f}]\n", `spec.yaml:9:5: strategy has no effect in tangent mode; remove it or set mode to reverse or both
spec.yaml:10:5: checkpoints has no effect in tangent mode; remove it or set mode to reverse or both`, true},
	{"checkpoint with call and loop", base + "    checkpoints:\n      - call: step\n        loop: time\n", "spec.yaml:10:9: a checkpoint has one of call, loop and region, not more", true},
	{"checkpoint with loop and region", base + "    checkpoints:\n      - region: stage\n        loop: time\n", "spec.yaml:10:9: a checkpoint has one of call, loop and region, not more", true},
	{"region with binomial, at, label", base + "    checkpoints:\n      - region: model::stage\n        in: other\n        at: 3\n        label: 5\n        binomial: {snapshots: 2}\n", `spec.yaml:10:13: in: 'other', but region names routine 'model'
spec.yaml:11:9: at applies to calls and loops; a region is named by its name (and in)
spec.yaml:12:9: label applies to calls and loops; a region is named by its name (and in)
spec.yaml:13:9: binomial applies to loops only; a region is checkpointed as a whole`, true},
	{"region name", base + "    checkpoints:\n      - region: 'a::b::c'\n", "spec.yaml:9:17: region: 'a::b::c': expected name or routine::name", true},
	{"loop qualified by module and routine", base + "    checkpoints:\n      - loop: 'm::r::do it'\n    fixed_point:\n      - loop: m::solve::picard\n", "spec.yaml:9:15: loop: 'm::r::do it': expected name or routine::name; a loop is qualified by its routine alone (r::do it)\nspec.yaml:11:15: loop: 'm::solve::picard': expected name or routine::name; a loop is qualified by its routine alone (solve::picard)", false},
	{"checkpoint with neither", base + "    checkpoints:\n      - snapshots: eager\n", "spec.yaml:9:9: missing required key 'call', 'loop' or 'region' in checkpoint", true},
	{"binomial on a call", base + "    checkpoints:\n      - call: step\n        binomial: {snapshots: 4}\n", "spec.yaml:10:9: binomial applies to loops only; a call is checkpointed as a whole", true},
	{"binomial snapshots", base + "    checkpoints:\n      - loop: time\n        binomial: {snapshots: 0}\n      - loop: space\n        binomial: {}\n", `spec.yaml:10:31: snapshots: expected an integer >= 1, found 0
spec.yaml:12:19: missing required key 'snapshots' in binomial`, true},
	{"snapshots as a count", base + "    checkpoints:\n      - loop: time\n        snapshots: 20\n", "spec.yaml:10:20: snapshots: expected lazy, eager or auto, found an integer (for a number of snapshots, write binomial: {snapshots: 20})", true},
	{"a loop's routine twice", base + "    checkpoints:\n      - loop: model::do it\n        in: other\n        at: 12\n      - loop: 'do 1'\n      - loop: time\n        binomial: {snapshots: 0}\n", `spec.yaml:10:13: in: 'other', but loop names routine 'model'
spec.yaml:12:15: loop: '1' does not start with a letter
spec.yaml:14:31: snapshots: expected an integer >= 1, found 0`, true},
	{"call site values", base + "    checkpoints:\n      - call: step\n        at: 0\n        label: x\n        in: 'a::b::c'\n", `spec.yaml:10:13: at: expected an integer >= 1, found 0
spec.yaml:11:16: label: expected an integer, found a string
spec.yaml:12:13: in: 'a::b::c': expected name or module::name`, true},
	{"the same call site twice", base + "    checkpoints:\n      - {call: step, in: model, at: 7}\n      - {call: STEP, in: Model, at: 7, snapshots: eager}\n", "spec.yaml:10:16: checkpoints: call 'STEP' is listed twice (first at line 9)", false},
	{"checkpointed call made split", base + "    call_overrides: {step: split}\n    checkpoints: [{call: step}]\n", "spec.yaml:9:26: checkpoints: call 'step' is checkpointed, but call_overrides makes it split (line 8); a checkpointed call is reversed jointly", false},
	{"duplicate checkpoints and fixed points", base + "    checkpoints: [{loop: t}, {loop: T}]\n    fixed_point: [{loop: t}]\n", `spec.yaml:8:37: checkpoints: loop 'T' is listed twice (first at line 8)
spec.yaml:9:26: fixed_point: loop 't' is also a checkpoint (line 8); a fixed-point loop is reversed by its own adjoint iteration`, false},
	{"fixed point values", base + "    fixed_point:\n      - loop: picard\n        tolerance: -1\n        max_iterations: 0.5\n      - tolerance: .inf\n", `spec.yaml:10:20: tolerance: expected a number > 0, found -1
spec.yaml:11:25: max_iterations: expected an integer, found a number
spec.yaml:12:9: missing required key 'loop' in fixed_point (or 'at' or 'label')
spec.yaml:12:20: tolerance: expected a finite number, found '.inf'`, true},
	{"call overrides", base + "    call_overrides: {a: joint, b: both, 'c d': split}\n", `spec.yaml:8:35: call_overrides: expected joint or split, found 'both'
spec.yaml:8:41: call_overrides: 'c d' is not a Fortran name`, true},
	{"form and defines", strings.Replace(base, "output:", "form: {src/model.f90: fixd, /b.f: free, b.inc: free}\ndefines: {1X: 1, Y: [1]}\noutput:", 1), `spec.yaml:3:23: form: expected fixed or free, found 'fixd' (did you mean 'fixed'?)
spec.yaml:3:29: form: '/b.f' is an absolute path; paths are relative to the spec's directory, so that outputs do not depend on the machine
spec.yaml:3:41: form: 'b.inc' is not one of the sources (an included file is read in the form of the file that includes it)
spec.yaml:4:11: defines: '1X' is not a preprocessor name
spec.yaml:4:21: defines: expected a string, a number or nothing, found a list`, true},
	{"check values", base + "check:\n  samples: 0\n  fd_step: 2\n  dot_tolerance: 0\n  compiler: ''\n  flags: [-O2, '']\n  seed: 10000000000000000000\n", `spec.yaml:9:12: samples: expected an integer >= 1, found 0
spec.yaml:10:12: fd_step: expected a number between 0 and 1 (exclusive), found 2
spec.yaml:11:18: dot_tolerance: expected a number > 0, found 0
spec.yaml:12:13: compiler: empty
spec.yaml:13:16: flags: empty flag
spec.yaml:14:9: seed: '10000000000000000000' is not a 64-bit integer`, false},
	{"check inputs", base + "check:\n  inputs: {n: -1, 2x: 3, m: 1.5, k: 4, K: 5}\n", `spec.yaml:9:19: inputs: '2x' does not start with a letter
spec.yaml:9:40: inputs: 'K' is listed twice (first at line 9)`, true},
	{"check input values", base + "check:\n  inputs: {a: [true, 1], b: [], c: {min: 2, max: 1}, d: {min: 1}, e: {lo: 1, max: 2}, f: [1, x], g: .nan, h: [1, false]}\n", `spec.yaml:9:22: inputs: a list mixes numbers and logicals
spec.yaml:9:29: inputs: expected at least one value
spec.yaml:9:50: max: 1 is below min 2
spec.yaml:9:57: missing required key 'max' in an input range
spec.yaml:9:70: missing required key 'min' in an input range
spec.yaml:9:71: unknown key 'lo' in an input range
spec.yaml:9:94: inputs: expected a number, true or false, a list of them or a range {min: a, max: b}, found a string
spec.yaml:9:101: inputs: expected a finite number, found '.nan'
spec.yaml:9:114: inputs: a list mixes numbers and logicals`, true},
	{"default real kind", "default_real_kind: 16\n" + base, "spec.yaml:1:20: default_real_kind: expected 4 or 8, found 16", false},
	{"check setup", base + "check:\n  setup: {cots: init, cost: 'a b', 'x y': z}\n", `spec.yaml:9:11: setup: 'cots' is not a target's routine (did you mean 'cost'?)
spec.yaml:9:29: setup: 'a b' is not a Fortran name
spec.yaml:9:36: setup: 'x y' is not a Fortran name`, true},
	{"merge key", base + "check:\n  <<: {seed: 2}\n", "spec.yaml:9:3: merge keys ('<<') are not supported; write the keys out", false},
	{"complex key", base + "check:\n  ? [a]\n  : 1\n", "spec.yaml:9:5: expected a key, found a list", false},
	{"self-referential alias", base + "include_dirs: &d [*d]\n", "spec.yaml:8:19: include_dirs: expected a string, found a list", false},
	// issue 14, finding 2: outputs are written only below the spec
	{"output dir above the spec", strings.Replace(base, "{dir: ad}", "{dir: ../ad}", 1), "spec.yaml:3:15: dir: '../ad' is outside the spec's directory; fadj writes its outputs only below the spec", false},
	{"output dir climbing out", strings.Replace(base, "{dir: ad}", "{dir: ad/../../x}", 1), "spec.yaml:3:15: dir: 'ad/../../x' is outside the spec's directory; fadj writes its outputs only below the spec", false},
}

func TestBad(t *testing.T) {
	if len(badSpecs) < 25 {
		t.Fatalf("only %d bad specs", len(badSpecs))
	}
	for _, c := range badSpecs {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse("spec.yaml", []byte(c.src))
			if err == nil {
				t.Fatalf("no error; want\n%s", c.want)
			}
			if s != nil {
				t.Errorf("a Spec returned with errors")
			}
			if got := errText(err); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "fadj.yaml")
	if err := os.WriteFile(p, []byte(base), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "Dir", s.Dir, dir)
	eq(t, "Filename", s.Filename, p)
	eq(t, "SourcePaths", s.SourcePaths(), []string{filepath.Join(dir, "src", "model.f90")})
	eq(t, "OutputDir", s.OutputDir(), filepath.Join(dir, "ad"))
	eq(t, "position", s.Targets[0].RoutinePos.String(), p+":5:14")

	_, err = Load(filepath.Join(dir, "missing.yaml"))
	want := filepath.Join(dir, "missing.yaml") + ": cannot read spec: no such file or directory"
	if got := errText(err); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Errors name the file as given.
	if err := os.WriteFile(p, []byte("version: 3\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err = Load(p)
	if got, want := errText(err), p+":1:10: version 3 is not supported (this fadj reads version 1)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestLoadOnlyRegularSmallFiles: a spec is read only if it is a regular
// file of at most MaxSize bytes, checked before reading (issue 14,
// finding 4: a 20 GB sparse spec.yaml crashed fadj at once, a FIFO
// blocked it forever).
func TestLoadOnlyRegularSmallFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(20 << 30); err != nil { // sparse: no room taken
		t.Fatal(err)
	}
	f.Close()
	_, err = Load(big)
	if got, want := errText(err), big+": cannot read spec: file is 20 GiB, more than the limit of 4 MiB"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan string, 1)
	go func() {
		_, err := Load(fifo)
		done <- errText(err)
	}()
	select {
	case got := <-done:
		if want := fifo + ": cannot read spec: not a regular file (a named pipe)"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Load blocks on a FIFO")
	}
}

func TestTestdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.yaml")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Errorf("%s:\n%s", f, errText(err))
		}
	}
}

func TestLimits(t *testing.T) {
	// Too large.
	big := base + "# " + strings.Repeat("x", MaxSize) + "\n"
	if got, want := errText(parseErr(big)), fmt.Sprintf("spec.yaml:1:1: the spec is too large (%d bytes; at most 4194304)", len(big)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Aliases that expand to many values: each target reuses a long list.
	var b strings.Builder
	b.WriteString("version: 1\nsources: [a.f90]\noutput: {dir: ad}\ntargets:\n")
	b.WriteString("  - {routine: f0, independents: &v [")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "x%d, ", i)
	}
	b.WriteString("], dependents: [y]}\n")
	for i := 1; i < 1000; i++ {
		fmt.Fprintf(&b, "  - {routine: f%d, independents: *v, dependents: [y]}\n", i)
	}
	err := parseErr(b.String())
	if got := errText(err); !strings.HasSuffix(got, "the spec is too large: more than 262144 values (counting each use of an alias)") || strings.Count(got, "\n") != 0 {
		t.Errorf("got %q", got)
	}
	// Many errors stop at maxErrors.
	b.Reset()
	b.WriteString(base + "include_dirs: [")
	for i := 0; i < 1000; i++ {
		b.WriteString("/abs, ")
	}
	b.WriteString("]\n")
	l, _ := parseErr(b.String()).(diag.List)
	if len(l) != maxErrors+1 || !strings.Contains(l[len(l)-1].Msg, "too many errors") {
		t.Errorf("%d errors, last %v", len(l), l[len(l)-1])
	}
}

func parseErr(src string) error {
	_, err := Parse("spec.yaml", []byte(src))
	return err
}

func TestSuggest(t *testing.T) {
	for _, c := range []struct{ key, want string }{
		{"dependants", "dependents"},
		{"indepedents", "independents"},
		{"Mode", "mode"},
		{"checkpoint", "checkpoints"},
		{"fixedpoint", "fixed_point"},
		{"call-overrides", "call_overrides"},
		{"strategies", "strategy"},
		{"colour", ""},
		{"m", ""},
	} {
		if got := suggest(c.key, secTarget.keys()); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}

// parseBudget is what parsing a spec may cost: linear in its size, with
// wide margins.
var parseBudget = fuzzbound.Budget{Time: 2 * time.Second, TimePerByte: 20 * time.Microsecond, Alloc: 16 << 20, AllocPerByte: 2 << 10}

// FuzzParse checks that Parse never panics, that its cost is linear in
// the spec, that every error is positioned in the spec, and that a spec
// without errors is complete.
func FuzzParse(f *testing.F) {
	for _, c := range goodSpecs {
		f.Add([]byte(c.src))
	}
	for _, c := range badSpecs {
		f.Add([]byte(c.src))
	}
	// Large specs: many targets, a long list, a long string.
	var many strings.Builder
	many.WriteString("version: 1\nsources: [a.f90]\noutput: {dir: ad}\ntargets:\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&many, "  - {routine: f%d, independents: [x, y], dependents: [z]}\n", i)
	}
	f.Add([]byte(many.String()))
	f.Add([]byte(strings.Replace(base, "[src/model.f90]", "["+strings.Repeat("a.f90, ", 10000)+"b.f90]", 1)))
	f.Add([]byte(strings.Replace(base, "[src/model.f90]", "['"+strings.Repeat("x", 1<<20)+".f90']", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s *Spec
		var err error
		parseBudget.Run(t, len(data), func() { s, err = Parse("spec.yaml", data) })
		if err != nil {
			if s != nil {
				t.Fatal("a Spec returned with errors")
			}
			l, ok := err.(diag.List)
			if !ok || len(l) == 0 {
				t.Fatalf("error is not a non-empty diag.List: %#v", err)
			}
			lines := len(lineTable(data, 0)) + 1 // YAML's lines, and the end of the last
			for _, e := range l {
				p := e.Pos
				if p.Filename != "spec.yaml" || p.Line < 1 || p.Column < 1 || p.Line > lines || p.Offset < 0 || p.Offset > len(data) {
					t.Fatalf("badly positioned error: %q (%+v)", e.Error(), p)
				}
				if e.Msg == "" {
					t.Fatalf("empty message at %s", p)
				}
			}
			if _, err2 := Parse("spec.yaml", data); errText(err2) != errText(err) {
				t.Fatalf("not deterministic:\n%s\n---\n%s", errText(err), errText(err2))
			}
			return
		}
		if s == nil || len(s.Sources) == 0 || len(s.Targets) == 0 || s.Output.Dir.Text == "" {
			t.Fatalf("incomplete spec: %+v", s)
		}
		if s.Output.Suffix == "" || s.Output.TangentSuffix == "" || strings.EqualFold(s.Output.Suffix, s.Output.TangentSuffix) {
			t.Fatalf("bad suffixes %q %q", s.Output.Suffix, s.Output.TangentSuffix)
		}
		for _, tg := range s.Targets {
			if tg.Name == "" || tg.Mode == "" || tg.Strategy == "" || tg.Calls == "" || len(tg.Independents) == 0 || len(tg.Dependents) == 0 {
				t.Fatalf("incomplete target: %+v", tg)
			}
			if !tg.RoutinePos.IsValid() {
				t.Fatalf("target without position: %+v", tg)
			}
			for _, v := range append(tg.Independents, tg.Dependents...) {
				if v.Ref.Name == "" || !v.Pos.IsValid() {
					t.Fatalf("bad variable %+v", v)
				}
				if r, problem := parseVarRef(v.Ref.String()); problem != "" || r.String() != v.Ref.String() {
					t.Fatalf("canonical form %q does not parse back: %s", v.Ref.String(), problem)
				}
			}
			for _, c := range tg.Checkpoints {
				if (c.Call == "") == (c.Loop == "") || c.Snapshots == "" {
					t.Fatalf("bad checkpoint %+v", c)
				}
			}
		}
	})
}
