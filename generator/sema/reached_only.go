package sema

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// ReachedOnly returns, per procedure, the constructs that fadj parses and
// checks but that neither the analyses nor the generators follow yet:
// procedure pointers and procedure pointer components (SELECT TYPE is
// followed: select_type.go, ad/adjoint/select_type.go).
// Modern models keep such code in their set-up and I/O (a YAML or
// namelist reader, a registry of fields) beside the physics they
// differentiate; the procedures holding it are fine as long as no
// target reaches them, and rejected at the construct when one does.
func ReachedOnly(fset *source.FileSet, files []*ast.File, info *Info) map[*ast.Unit]diag.List {
	out := map[*ast.Unit]diag.List{}
	var unit func(u *ast.Unit)
	unit = func(u *ast.Unit) {
		pointer := false // one message per procedure
		ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
			var l diag.List
			switch n := n.(type) {
			case *ast.Ident:
				if s := info.ObjectOf(n); !pointer && s != nil && s.Proc != nil && s.Proc.Kind == ProcPointer {
					pointer = true
					l.Addf(fset.Position(n.Pos()), "not supported yet: procedure pointer '%s' in '%s', which the target calls (fadj reads procedure pointers in procedures the derivative code does not run)", n.Name, unitName(u))
				}
			}
			out[u] = append(out[u], l...)
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
