package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A dummy procedure declared `procedure(func1d) :: f` whose calls the
// derivative routine makes calls of the bound procedure's derivative
// (sema.BindDummyProcedures) is unused there, as an EXTERNAL one is; the
// PROCEDURE declaration is dropped with it (gfortran -Wall warned of an
// unused dummy argument 'f').

// withoutProcs removes from the PROCEDURE declarations of decls the
// entities named in d (lower case), and a declaration left without any.
// Declarations are copied, not changed: generated code shares them with
// the source's.
func withoutProcs(decls []ast.Stmt, d map[string]bool) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range decls {
		pd, ok := s.(*ast.ProcDecl)
		if !ok {
			out = append(out, s)
			continue
		}
		var ents []*ast.Entity
		for _, e := range pd.Entities {
			if e.Name == nil || !d[strings.ToLower(e.Name.Name)] {
				ents = append(ents, e)
			}
		}
		if len(ents) == 0 {
			continue
		}
		if len(ents) < len(pd.Entities) {
			c := *pd
			c.Entities = ents
			s = &c
		}
		out = append(out, s)
	}
	return out
}
