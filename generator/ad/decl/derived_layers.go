package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE components of derived type whose own type has ALLOCATABLE
// real components (a column's `type(layer_t), allocatable :: layers(:)`,
// each layer with `real(wp), allocatable :: t(:)`, ragged): the
// derivative's col_b%layers follows col%layers as for a flat type
// (dtype_alloc_comp.go), then each element's col_b%layers(k)%t follows
// col%layers(k)%t, in DO loops over the elements under IF
// (ALLOCATED(col%layers)) (AllocPaths: the path layers, then layers%t).

// LayeredType reports whether derived type t has only components that
// are scalars of intrinsic type, neither ALLOCATABLE nor POINTERs, or
// ALLOCATABLE arrays of real type, one of them at least.
func LayeredType(t *sema.Type) bool {
	if !IsDerived(t) {
		return false
	}
	n := 0
	for _, c := range t.Derived.Components {
		if c.Kind != sema.ComponentSym {
			continue
		}
		switch {
		case c.Type == nil || c.Type.IsDerived() || c.Attrs.Has(sema.AttrPointer):
			return false
		case c.Attrs.Has(sema.AttrAllocatable) && c.Type.IsReal():
			n++
		case c.Attrs.Has(sema.AttrAllocatable) || len(c.Dims) > 0:
			return false
		}
	}
	return n > 0
}

// layeredPaths returns the paths to the ALLOCATABLE components of the
// elements of c, a component of a layered type reached by path.
func layeredPaths(c *sema.Symbol, path []*sema.Symbol) [][]*sema.Symbol {
	if !IsDerived(c.Type) || !LayeredType(c.Type) {
		return nil
	}
	var out [][]*sema.Symbol
	for _, k := range c.Type.Derived.Components {
		if k.Kind == sema.ComponentSym && k.Attrs.Has(sema.AttrAllocatable) {
			out = append(out, append(append([]*sema.Symbol{}, path...), k))
		}
	}
	return out
}

// FollowElements returns the statements making the ALLOCATABLE
// components of the elements of dc, the derivative of xc, a component c
// of a layered type, follow those of xc's elements (zero where newly
// allocated, or always if always), in DO loops over xc's elements under
// IF (ALLOCATED(xc)); nil if c's type is not layered.
func FollowElements(xc, dc ast.Expr, c *sema.Symbol, always bool, newIndex func() *ast.Ident) []ast.Stmt {
	if !IsDerived(c.Type) || !LayeredType(c.Type) {
		return nil
	}
	var loops []*ast.DoConstruct
	idx := make([]ast.Expr, c.Rank())
	for k := c.Rank(); k >= 1; k-- {
		i := newIndex()
		bound := func(fn string) ast.Expr { return deriv.Call(fn, ast.Clone(xc), deriv.Int(k)) }
		loops = append(loops, &ast.DoConstruct{Var: i, Start: bound("lbound"), Stop: bound("ubound"), End: ast.EndStmt{Keyword: "do"}})
		idx[k-1] = ast.NewIdent(i.Name)
	}
	var xe, de ast.Expr = ast.Clone(xc), ast.Clone(dc)
	if len(idx) > 0 {
		xe, de = &ast.CallExpr{Fun: xe, Args: idx}, &ast.CallExpr{Fun: de, Args: cloneAll(idx)}
	}
	var body []ast.Stmt
	for _, k := range c.Type.Derived.Components {
		if k.Kind != sema.ComponentSym || !k.Attrs.Has(sema.AttrAllocatable) {
			continue
		}
		x, d := &ast.SelectorExpr{X: ast.Clone(xe), Sel: ast.NewIdent(k.Name)}, &ast.SelectorExpr{X: ast.Clone(de), Sel: ast.NewIdent(k.Name)}
		body = append(body, FollowLike(x, d, k.Rank(), nil, ZeroLeaf(d, k), always))
	}
	return []ast.Stmt{If(Status(ast.Clone(xc), c), nest(loops, body)...)}
}
