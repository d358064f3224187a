package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// repeatedZeros removes x = 0 when an earlier x = 0 of the same list
// already set it and nothing between names x: the backward sweep zeroes
// an adjoint where its variable is overwritten and again on the way out
// (cost_b = 0.0_8 twice). Only for variables declared in u by a type
// declaration and named nowhere else in its declarations (no COMMON,
// EQUIVALENCE, TARGET), in a unit without internal procedures: a call
// can then change x only by naming it.
func repeatedZeros(u *ast.Unit) {
	if len(u.Procs) > 0 {
		return
	}
	decl := names(&ast.Unit{Decls: u.Decls})
	plain := map[string]bool{}
	for _, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok || hasAttr(td, ast.AttrTarget) || hasAttr(td, ast.AttrPointer) || hasAttr(td, ast.AttrParameter) {
			continue
		}
		for _, e := range td.Entities {
			if n := strings.ToLower(e.Name.Name); decl[n] == 1 {
				plain[n] = true
			}
		}
	}
	var walk func(list []ast.Stmt) []ast.Stmt
	walk = func(list []ast.Stmt) []ast.Stmt {
		zero := map[string]bool{} // variables known zero here
		var out []ast.Stmt
		for _, s := range list {
			s = nested(s, walk)
			if s.Header().Label != 0 {
				zero = map[string]bool{} // a jump may arrive here
			}
			if x, ok := zeroStore(s); ok && plain[x] {
				if zero[x] {
					continue
				}
				out = append(out, s)
				zero[x] = true
				continue
			}
			for n := range names(s) {
				delete(zero, n)
			}
			out = append(out, s)
		}
		return out
	}
	u.Body = walk(u.Body)
}

// zeroStore returns the name x of a statement x = 0 (a whole variable).
func zeroStore(s ast.Stmt) (string, bool) {
	a, ok := s.(*ast.AssignStmt)
	if !ok {
		return "", false
	}
	id, ok := a.Lhs.(*ast.Ident)
	if !ok || !isZeroLit(a.Rhs) {
		return "", false
	}
	return strings.ToLower(id.Name), true
}
