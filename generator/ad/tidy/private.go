package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// unusedPrivateProcs removes from each module of f the module procedures
// declared PRIVATE there that nothing else in f names, and their names
// from the PRIVATE statements. A derivative module copies the private
// procedures of its original module that the differentiated procedures
// call; where the derivative code calls their derivatives instead, the
// copy is unused (gfortran -Wall: "defined but not used").
func unusedPrivateProcs(f *ast.File) {
	for _, u := range f.Units {
		if u.Kind != ast.ModuleUnit || len(u.Procs) == 0 {
			continue
		}
		private := privateNames(u)
		for {
			uses := map[string]int{}
			for _, v := range f.Units {
				for n, c := range names(v) {
					uses[n] += c
				}
			}
			var keep []*ast.Unit
			gone := map[string]bool{}
			for _, p := range u.Procs {
				// Named in the PRIVATE statement and in itself only.
				if n := strings.ToLower(p.Name.Name); private[n] && uses[n]-names(p)[n] <= 1 {
					gone[n] = true
					continue
				}
				keep = append(keep, p)
			}
			if len(gone) == 0 {
				break
			}
			u.Procs = keep
			u.Decls = withoutPrivate(u.Decls, gone)
		}
	}
}

// privateNames returns the names u's PRIVATE statements list.
func privateNames(u *ast.Unit) map[string]bool {
	m := map[string]bool{}
	for _, s := range u.Decls {
		if a, ok := s.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrPrivate {
			for _, e := range a.Entities {
				m[strings.ToLower(e.Name.Name)] = true
			}
		}
	}
	return m
}

// withoutPrivate removes the names in gone from the PRIVATE statements of
// decls; a statement left without names goes (a bare PRIVATE never had
// any, and stays).
func withoutPrivate(decls []ast.Stmt, gone map[string]bool) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range decls {
		a, ok := s.(*ast.AttrStmt)
		if !ok || a.Attr.Kind != ast.AttrPrivate || len(a.Entities) == 0 {
			out = append(out, s)
			continue
		}
		var ents []*ast.Entity
		for _, e := range a.Entities {
			if !gone[strings.ToLower(e.Name.Name)] {
				ents = append(ents, e)
			}
		}
		if len(ents) == 0 {
			continue
		}
		if len(ents) < len(a.Entities) {
			a = clone(a)
			a.Entities = ents
		}
		out = append(out, a)
	}
	return out
}
