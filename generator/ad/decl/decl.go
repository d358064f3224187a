// Package decl builds the declarations tangent and adjoint code share:
// derivative common blocks (the derivatives of the active variables of a
// common block live in a block of their own) and interface blocks of
// derivative routines that need an explicit interface.
package decl

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

func notSupported(format string, args ...any) error {
	return fmt.Errorf("not supported yet: "+format, args...)
}

// Common returns the declarations, in scope, of the derivative common
// block of the block holding variable s: /blk<suffix>/ with the
// derivatives (name<suffix>) of all the block's real members there, so that
// its layout is the same in every routine that declares the block alike.
// declared records the blocks already declared in the routine (key
// "/blk/"); decl declares the derivative of a member. A routine that does
// not declare the block itself (its callees do) gets nothing: see
// Declares.
func Common(scope *sema.Scope, s *sema.Symbol, suffix string, declared map[string]bool,
	decl func(*sema.Symbol) (ast.Stmt, error)) ([]ast.Stmt, error) {
	c := s.Common
	if c == nil {
		return nil, notSupported("common-block variable '%s' without its block", s.Name)
	}
	if c.Name == "" {
		return nil, notSupported("active variable '%s' in the blank common block", s.Name)
	}
	key := "/" + c.Name + "/"
	if declared[key] {
		return nil, nil
	}
	declared[key] = true
	var members []*sema.Symbol
	for _, d := range c.Decls {
		if d.Scope == scope {
			members = d.Members
		}
	}
	if members == nil {
		// Active in the routine through its callees only: their
		// declarations of the block serve.
		return nil, nil
	}
	var out []ast.Stmt
	blk := &ast.CommonBlock{Name: ast.NewIdent(c.Name + suffix)}
	for _, m := range members {
		if m.Type == nil || !m.Type.IsReal() && !m.Type.IsComplex() {
			continue
		}
		if scope.LookupLocal(m.Name+suffix) != nil {
			return nil, notSupported("derivative name '%s' clashes with a name of the routine", m.Name+suffix)
		}
		d, err := decl(m)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
		blk.Entities = append(blk.Entities, &ast.Entity{Name: ast.NewIdent(m.Name + suffix)})
	}
	return append(out, &ast.CommonStmt{Blocks: []*ast.CommonBlock{blk}}), nil
}

// Declares reports whether scope declares the common block of s.
func Declares(scope *sema.Scope, s *sema.Symbol) bool {
	if s.Common == nil {
		return false
	}
	for _, d := range s.Common.Decls {
		if d.Scope == scope {
			return true
		}
	}
	return false
}
