package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// firstAllocations allocates with zero size, on entry to u, the
// generated allocatable arrays (named fadj_...) that an assignment to the
// whole array allocates. gfortran 11 and 12 warn under -Wall that the
// descriptor of an unallocated array "is used uninitialized" at such an
// assignment, at every optimisation level, though it tests the
// allocation first (a known false positive); a zero-size ALLOCATE sets
// the descriptor, and the assignment reallocates as before. An array
// that an ALLOCATE statement not guarded by
//
//	if (allocated(x)) deallocate(x)
//
// allocates is left alone: the ALLOCATE would fail on an allocated one.
func firstAllocations(u *ast.Unit) {
	arrays := generatedAllocatables(u)
	if len(arrays) == 0 {
		return
	}
	whole := map[string]bool{}
	unguarded := map[string]bool{}
	scanAllocations(u.Body, whole, unguarded)
	var objs []ast.Expr
	for _, a := range arrays {
		n := strings.ToLower(a.Name.Name)
		if !whole[n] || unguarded[n] {
			continue
		}
		var zeros []ast.Expr
		for range a.Dims {
			zeros = append(zeros, &ast.BasicLit{Kind: token.INT, Value: "0"})
		}
		objs = append(objs, &ast.CallExpr{Fun: ast.NewIdent(a.Name.Name), Args: zeros})
	}
	if len(objs) == 0 {
		return
	}
	s := &ast.AllocateStmt{Keyword: "allocate", Objects: objs}
	u.Body = append([]ast.Stmt{s}, u.Body...)
}

// generatedAllocatables returns the entities of u's type declarations
// that are generated (fadj_...), allocatable arrays and not saved.
func generatedAllocatables(u *ast.Unit) []*ast.Entity {
	var l []*ast.Entity
	for _, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok || !hasAttr(td, ast.AttrAllocatable) || hasAttr(td, ast.AttrSave) {
			continue
		}
		for _, e := range td.Entities {
			if strings.HasPrefix(strings.ToLower(e.Name.Name), "fadj_") && len(e.Dims) > 0 && e.Init == nil {
				l = append(l, e)
			}
		}
	}
	return l
}

// scanAllocations records, in list and the lists nested in it, the
// arrays assigned as a whole and those an unguarded ALLOCATE allocates.
func scanAllocations(list []ast.Stmt, whole, unguarded map[string]bool) {
	for i, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if id, ok := s.Lhs.(*ast.Ident); ok {
				whole[strings.ToLower(id.Name)] = true
			}
		case *ast.AllocateStmt:
			if s.Keyword != "allocate" {
				break
			}
			for _, o := range s.Objects {
				if n := objectName(o); n != "" && (i == 0 || !guards(list[i-1], n)) {
					unguarded[n] = true
				}
			}
		}
		switch s := s.(type) {
		case *ast.WhereConstruct:
			continue // masked: assigns no whole array
		case *ast.IfStmt:
			scanAllocations([]ast.Stmt{s.Action}, whole, unguarded)
		}
		nested(s, func(l []ast.Stmt) []ast.Stmt {
			scanAllocations(l, whole, unguarded)
			return l
		})
	}
}

// objectName is the name of an ALLOCATE object x or x(bounds).
func objectName(o ast.Expr) string {
	if c, ok := o.(*ast.CallExpr); ok {
		o = c.Fun
	}
	if id, ok := o.(*ast.Ident); ok {
		return strings.ToLower(id.Name)
	}
	return ""
}

// guards reports whether s is if (allocated(n)) deallocate(n).
func guards(s ast.Stmt, n string) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok {
		return false
	}
	d, ok := is.Action.(*ast.AllocateStmt)
	if !ok || d.Keyword != "deallocate" || len(d.Objects) != 1 || objectName(d.Objects[0]) != n {
		return false
	}
	c, ok := is.Cond.(*ast.CallExpr)
	return ok && objectName(c) == "allocated" && len(c.Args) == 1 && objectName(c.Args[0]) == n
}
