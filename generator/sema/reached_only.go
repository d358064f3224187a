package sema

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// ReachedOnly returns, per procedure, the constructs that fadj parses and
// checks but that neither the analyses nor the generators follow yet:
// SELECT TYPE. Modern models keep such code in their set-up and I/O (a
// YAML or namelist reader, a registry of fields) beside the physics they
// differentiate; the procedures holding it are fine as long as no target
// reaches them, and rejected at the construct when one does.
func ReachedOnly(fset *source.FileSet, files []*ast.File) map[*ast.Unit]diag.List {
	out := map[*ast.Unit]diag.List{}
	var unit func(u *ast.Unit)
	unit = func(u *ast.Unit) {
		ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectType); ok {
				var l diag.List
				l.Addf(fset.Position(s.Pos()), "not supported yet: SELECT TYPE construct in '%s', which the target calls (fadj reads SELECT TYPE in procedures the derivative code does not run)", unitName(u))
				out[u] = append(out[u], l...)
			}
			return true
		})
		for _, p := range u.Procs {
			unit(p)
		}
	}
	for _, f := range files {
		for _, u := range f.Units {
			unit(u)
		}
	}
	return out
}

func unitName(u *ast.Unit) string {
	if u.Name == nil {
		return "the main program"
	}
	return u.Name.Lower()
}
