package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// unusedParameters removes the named constants of u's PARAMETER
// statements (F77's, as include files declare them) that nothing else
// names: an adjoint of a halo-exchange stub loses its array argument, and
// with it the only use of the sizes its included header declares
// (MITgcm's SIZE.h in EXCH_XYZ_RL_b: "Unused parameter 'snx'"). A name is
// counted in its type declaration and in its PARAMETER statement, and
// every word of a literal counts as a use (a kind suffix, 1.0_wp, names a
// constant outside the identifiers). It reports whether it removed one.
func unusedParameters(u *ast.Unit, uses map[string]int) bool {
	lits := literalWords(u)
	inParam := map[string]bool{}
	for _, s := range u.Decls {
		if ps, ok := s.(*ast.ParameterStmt); ok {
			for _, e := range ps.Entities {
				inParam[strings.ToLower(e.Name.Name)] = true
			}
		}
	}
	typed := map[string]bool{}
	for _, s := range u.Decls {
		if td, ok := s.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				typed[strings.ToLower(e.Name.Name)] = true
			}
		}
	}
	unused := func(n string, constant bool) bool {
		if !constant || lits[n] {
			return false
		}
		own := 1 // its declaration
		if inParam[n] && typed[n] {
			own = 2 // and its PARAMETER statement
		}
		return uses[n] <= own
	}
	var removed bool
	u.Decls, removed = withoutEntities(u.Decls, func(td *ast.TypeDecl, n string) bool {
		return unused(n, inParam[n])
	})
	var out []ast.Stmt
	for _, s := range u.Decls {
		ps, ok := s.(*ast.ParameterStmt)
		if !ok {
			out = append(out, s)
			continue
		}
		var ents []*ast.Entity
		for _, e := range ps.Entities {
			if !unused(strings.ToLower(e.Name.Name), true) {
				ents = append(ents, e)
			}
		}
		if len(ents) < len(ps.Entities) {
			removed = true
			if len(ents) == 0 {
				continue
			}
			ps = clone(ps)
			ps.Entities = ents
		}
		out = append(out, ps)
	}
	u.Decls = out
	return removed
}

// literalWords returns the words (runs of letters, digits and
// underscores, lower case) of the literals of u.
func literalWords(u *ast.Unit) map[string]bool {
	m := map[string]bool{}
	ast.Inspect(u, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok {
			for _, w := range strings.FieldsFunc(strings.ToLower(l.Value), func(r rune) bool {
				return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
			}) {
				m[w] = true
				for _, p := range strings.Split(w, "_") {
					m[p] = true
				}
			}
		}
		return true
	})
	return m
}
