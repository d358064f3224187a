package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE components of derived type (`type(layer_t), allocatable ::
// layers(:)` in a column type): followed like the real ones (AllocPaths)
// when the component's type is flat, its components scalars that are
// neither ALLOCATABLE nor POINTERs (a layer's temperature, density and
// thickness): x%layers%temp is then an array reference, zeroed, recorded
// and restored as one.

// FlatType reports whether derived type t has only scalar components that
// are neither ALLOCATABLE nor POINTERs, of intrinsic type, one of them
// real or complex.
func FlatType(t *sema.Type) bool {
	if !IsDerived(t) || !HasFloat(t) {
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind != sema.ComponentSym {
			continue
		}
		if c.Type == nil || len(c.Dims) > 0 || OwnedArray(c) || c.Type.IsDerived() {
			return false
		}
	}
	return true
}

// allocLeaf reports whether ALLOCATABLE or POINTER component c is one
// AllocPaths leads to: a real or complex one, or an ALLOCATABLE one of a
// flat derived type.
func allocLeaf(c *sema.Symbol) bool {
	if !OwnedArray(c) || c.Type == nil {
		return false
	}
	if c.Type.IsReal() {
		return true
	}
	return c.Attrs.Has(sema.AttrAllocatable) && !c.Attrs.Has(sema.AttrPointer) && (c.Type.IsComplex() || FlatType(c.Type) || LayeredType(c.Type))
}

// ZeroLeaf returns the statement zeroing ref, the derivative of a
// component c AllocPaths leads to: ref = 0, or for a flat derived type
// ref%a = 0 for each real or complex component a (in a BLOCK).
func ZeroLeaf(ref ast.Expr, c *sema.Symbol) ast.Stmt {
	if !IsDerived(c.Type) {
		return &ast.AssignStmt{Lhs: ast.Clone(ref), Rhs: deriv.Const("0", c.Type)}
	}
	var body []ast.Stmt
	for _, k := range c.Type.Derived.Components {
		if k.Kind == sema.ComponentSym && k.Type != nil && k.Type.IsFloat() && !OwnedArray(k) { // (ALLOCATABLE ones: their own paths, derived_layers.go)
			body = append(body, &ast.AssignStmt{Lhs: &ast.SelectorExpr{X: ast.Clone(ref), Sel: ast.NewIdent(k.Name)}, Rhs: deriv.Const("0", k.Type)})
		}
	}
	if len(body) == 1 {
		return body[0]
	}
	return &ast.BlockConstruct{Body: body, End: ast.EndStmt{Keyword: "block"}}
}
