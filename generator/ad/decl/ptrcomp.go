package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// POINTER components of derived types holding real data, as models
// written before ALLOCATABLE components use them (`type state;
// real(8), pointer :: u(:) => null(); end type`): allocated, read,
// written and deallocated through the variable, never associated by
// `=>` (rejected where it appears) nor copied by a whole-value
// assignment or a structure constructor (both would make two variables
// share the target, which the analyses do not see). Such a component
// owns its target as an ALLOCATABLE component owns its value, so its
// derivative follows it as an ALLOCATABLE component's (AllocPaths,
// alloc_comp.go), with ASSOCIATED in place of ALLOCATED. The derivative,
// of the same type, starts disassociated by the component's default
// initialisation, which is required.

// OwnedArray reports whether component c is ALLOCATABLE or POINTER: its
// derivative is allocated with it.
func OwnedArray(c *sema.Symbol) bool {
	return c.Attrs.Has(sema.AttrAllocatable) || c.Attrs.Has(sema.AttrPointer)
}

// checkPointerComponent returns an error for POINTER component c of ts
// (with real or complex data) unless fadj follows it: a real one,
// initialised to null(), reached through scalar components.
func checkPointerComponent(ts, c *sema.Symbol, scalar bool) error {
	switch {
	case !scalar || !c.Type.IsReal():
		return notSupported("active POINTER component '%s%%%s' of other than real type or under an array component", ts.Name, c.Name)
	case c.Init == nil:
		return notSupported("active POINTER component '%s%%%s' without the default initialisation '=> null()' (its association status on entry is undefined)", ts.Name, c.Name)
	}
	return nil
}

// Status returns allocated(x), or associated(x) if c is a POINTER.
func Status(x ast.Expr, c *sema.Symbol) ast.Expr {
	if c != nil && c.Attrs.Has(sema.AttrPointer) {
		return &ast.CallExpr{Fun: ast.NewIdent("associated"), Args: []ast.Expr{x}}
	}
	return Allocated(x)
}

// Associate returns list, statements about component c alone (its
// allocation and its derivative's), with each ALLOCATED turned into
// ASSOCIATED when c is a POINTER.
func Associate(c *sema.Symbol, list ...ast.Stmt) []ast.Stmt {
	if c == nil || !c.Attrs.Has(sema.AttrPointer) {
		return list
	}
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "allocated" {
					id.Name = "associated"
				}
			}
			return true
		})
	}
	return list
}

// HasPointerComponent reports whether derived type t has a POINTER
// component (at any depth through scalar components) with real data.
func HasPointerComponent(t *sema.Type) bool {
	for _, c := range AllocLeaves(t) {
		if c.Attrs.Has(sema.AttrPointer) {
			return true
		}
	}
	return false
}

// PointerComponentIn returns the first reference in x to a POINTER
// component with real data (x%u in p => x%u, x%u => t), or nil: fadj
// does not follow such associations yet.
func PointerComponentIn(info *sema.Info, x ast.Expr) ast.Expr {
	var found ast.Expr
	ast.Inspect(x, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || found != nil {
			return found == nil
		}
		if t := info.TypeOf(sel.X); IsDerived(t) {
			for _, c := range t.Derived.Components {
				if c.Kind == sema.ComponentSym && c.Name == sel.Sel.Lower() && c.Attrs.Has(sema.AttrPointer) && HasFloat(c.Type) {
					found = sel
				}
			}
		}
		return found == nil
	})
	return found
}

// IsRemap reports whether pointer object c of a pointer assignment
// gives bounds: p(1:n) => a, p(0:) => a.
func IsRemap(c *ast.CallExpr) bool {
	for _, a := range c.Args {
		if r, ok := a.(*ast.RangeExpr); !ok || r.Lo == nil || r.Stride != nil {
			return false
		}
	}
	return len(c.Args) > 0
}
