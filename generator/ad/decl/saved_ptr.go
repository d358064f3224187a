package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A local pointer initialised to null() (real(dp), pointer :: cur(:,:)
// => null()) is saved, but its only state is its association: when
// every run associates it before naming it again, no run sees the
// association an earlier one left, and a copy of the procedure behaves
// as the original.

// reboundPointer reports whether saved pointer v of unit u is
// associated anew by each run before any other reference: its first
// reference is a pointer assignment to the whole of it, at the top of
// the body or of the bodies of DO constructs only, and every other
// reference follows it in the body of the innermost of those (or
// associates v anew: NULLIFY after the loop); u has no GO TO and its
// internal procedures do not name v.
func reboundPointer(info *sema.Info, u *ast.Unit, v *sema.Symbol) bool {
	if !v.Attrs.Has(sema.AttrPointer) {
		return false
	}
	names := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = true
			}
			return !found
		})
		return found
	}
	for _, c := range u.Procs {
		if names(c) {
			return false
		}
	}
	jumps := false
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			jumps = true
		}
		return !jumps
	})
	if jumps {
		return false
	}
	body := u.Body
	for {
		i := 0
		for i < len(body) && !names(body[i]) {
			i++
		}
		if i == len(body) {
			return true // (never named)
		}
		switch s := body[i].(type) {
		case *ast.PointerAssignStmt:
			if !rebinds(info, s, v) {
				return false
			}
			return true // the rest of this body follows it
		case *ast.DoConstruct:
			for _, r := range body[i+1:] {
				if names(r) && !rebinds(info, r, v) {
					return false // after the loop, which may not run
				}
			}
			if names(&ast.Unit{Body: []ast.Stmt{&ast.DoConstruct{Start: s.Start, Stop: s.Stop, Step: s.Step, While: s.While}}}) {
				return false // in its header
			}
			body = s.Body
		default:
			return false
		}
	}
}

// rebinds reports whether statement st only associates pointer v anew:
// v => target (not naming v), or NULLIFY of v alone.
func rebinds(info *sema.Info, st ast.Stmt, v *sema.Symbol) bool {
	var x ast.Expr
	switch s := st.(type) {
	case *ast.PointerAssignStmt:
		found := false
		ast.Inspect(s.Rhs, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = true
			}
			return !found
		})
		if found {
			return false
		}
		x = s.Lhs
	case *ast.AllocateStmt:
		if s.Keyword != "nullify" || len(s.Objects) != 1 {
			return false
		}
		x = s.Objects[0]
	default:
		return false
	}
	id, ok := x.(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}
