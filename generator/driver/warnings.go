package driver

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
)

// reachedWarnings returns the warnings of loading the program (a
// dummy's declared intent that its procedure contradicts, a dependent
// left out) that concern what the targets reach: those in the spec, and
// those in the Fortran inside a procedure some target's derivative code
// calls. A model's sources carry code no target runs (a configuration
// reader built with the physics: GOTM's YAML library gave twenty intent
// warnings), whose warnings would hide the ones that matter.
func reachedWarnings(prog *load.Program, reached map[*ast.Unit]bool) diag.List {
	type span struct{ from, to int }
	spans := map[string][]span{}
	for u := range reached {
		from, to := prog.Fset.Position(u.Pos()), prog.Fset.Position(u.End.Pos())
		if from.Filename != "" && from.Filename == to.Filename {
			spans[from.Filename] = append(spans[from.Filename], span{from.Line, to.Line})
		}
	}
	sources := map[string]bool{}
	for _, f := range prog.Fset.Files() {
		sources[f.Name()] = true
	}
	var out diag.List
	for _, w := range prog.Warnings {
		keep := !sources[w.Pos.Filename]
		for _, sp := range spans[w.Pos.Filename] {
			keep = keep || sp.from <= w.Pos.Line && w.Pos.Line <= sp.to
		}
		if keep {
			out = append(out, w)
		}
	}
	return out
}
