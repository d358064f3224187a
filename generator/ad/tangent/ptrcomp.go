package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER components (decl/ptrcomp.go) follow their variables' as
// ALLOCATABLE components do (alloc_comp.go); one associated by => (f%v
// => a) is a pointer variable (pointer.go): f_d%v => a_d follows it.

// checkPointerComponent rejects pointer assignment s when it associates
// a pointer with a POINTER component, or a POINTER component other than
// one of a scalar variable (f%v, f%g%v).
func (g *gen) checkPointerComponent(s *ast.PointerAssignStmt) error {
	if c, ok := s.Lhs.(*ast.CallExpr); ok && decl.IsRemap(c) {
		if r := decl.PointerComponentIn(g.info, c.Fun); r != nil {
			return notSupported("pointer assignment with bounds ('%s(...) =>') to POINTER component '%s'", exprString(c.Fun), exprString(r))
		}
	}
	for _, x := range []ast.Expr{s.Lhs, s.Rhs} {
		if r := decl.PointerComponentIn(g.info, x); r != nil && (x != s.Lhs || !g.scalarComponent(s.Lhs)) && (x != s.Rhs || !g.ownedComponentTarget(x)) { // (wrf_comp_target.go)
			return notSupported("pointer assignment of POINTER component '%s' (fadj follows the association by => of a POINTER component of a scalar variable with a variable)", exprString(r))
		}
	}
	return nil
}

// scalarComponent reports whether x is f%c (through scalar components:
// f%g%c), f a scalar variable that is not a pointer.
func (g *gen) scalarComponent(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	for y := sel.X; ; {
		switch z := y.(type) {
		case *ast.SelectorExpr:
			y = z.X
		case *ast.Ident:
			v := g.info.ObjectOf(z)
			return v != nil && v.Rank() == 0 && !v.Attrs.Has(sema.AttrPointer)
		default:
			return false
		}
	}
}

// componentAssociated reports whether a statement of the routine
// associates a POINTER component of v by =>: v shares storage with the
// target, and has a tangent when it does.
func (g *gen) componentAssociated(v *sema.Symbol) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok && g.scalarComponent(assocObject(s)) && decl.PointerComponentIn(g.info, assocObject(s)) != nil && g.baseSym(s.Lhs) == v { // (ptr_comp_remap.go)
			found = true
		}
		return !found
	})
	return found
}
