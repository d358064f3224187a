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
	plain := plainVars(u)
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

// plainVars returns the variables declared in u by a type declaration
// and named nowhere else in its declarations (no COMMON, EQUIVALENCE,
// TARGET, POINTER): without internal procedures, a statement can read
// or change one only by naming it.
func plainVars(u *ast.Unit) map[string]bool {
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
	return plain
}

// overwrittenZeros removes x = 0 directly followed by x = e where e does
// not name x: the tangent zeroes a derivative before the statement that
// sets it (d_d = 0.0_8 then d_d = 2*h*h_d). For the variables of
// plainVars, in units without internal procedures.
func overwrittenZeros(u *ast.Unit) {
	if len(u.Procs) > 0 {
		return
	}
	plain := plainVars(u)
	var walk func(list []ast.Stmt) []ast.Stmt
	walk = func(list []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for i, s := range list {
			s = nested(s, walk)
			if x, ok := zeroStore(s); ok && plain[x] && s.Header().Label == 0 && i+1 < len(list) && overwrites(list[i+1], x) {
				continue
			}
			out = append(out, s)
		}
		return out
	}
	u.Body = walk(u.Body)
}

// overwrites reports whether s is x = e (the whole variable x) with e
// not naming x.
func overwrites(s ast.Stmt, x string) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok {
		return false
	}
	id, ok := a.Lhs.(*ast.Ident)
	return ok && strings.ToLower(id.Name) == x && names(a.Rhs)[x] == 0
}
