package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// FollowComponents returns the statements making the ALLOCATABLE
// components (AllocPaths: nested ones too) of derivative d follow those of x, both
// named variables of derived-type variable s: each allocated with x's
// bounds where x's is allocated (zero where newly allocated, or always
// if always), else deallocated. For an array of types, element by
// element, in DO loops over x's bounds (newIndex declares an index).
func FollowComponents(x, d string, s *sema.Symbol, always bool, newIndex func() *ast.Ident) []ast.Stmt {
	if len(AllocPaths(s.Type)) == 0 {
		return nil
	}
	var xe, de ast.Expr = ast.NewIdent(x), ast.NewIdent(d)
	var loops []*ast.DoConstruct
	if rank := s.Rank(); rank > 0 {
		var idx []ast.Expr
		for k := rank; k >= 1; k-- {
			i := newIndex()
			bound := func(fn string) ast.Expr { return deriv.Call(fn, ast.NewIdent(x), deriv.Int(k)) }
			loops = append(loops, &ast.DoConstruct{Var: i, Start: bound("lbound"), Stop: bound("ubound"), End: ast.EndStmt{Keyword: "do"}})
			idx = append([]ast.Expr{ast.NewIdent(i.Name)}, idx...)
		}
		xe, de = &ast.CallExpr{Fun: xe, Args: idx}, &ast.CallExpr{Fun: de, Args: cloneAll(idx)}
	}
	var body []ast.Stmt
	for _, path := range AllocPaths(s.Type) {
		body = append(body, ForPath(xe, de, path, false, newIndex, func(xc, dc ast.Expr, c *sema.Symbol) []ast.Stmt { // (array components: derived_elems.go)
			zero := ZeroLeaf(dc, c)
			var like *sema.Type
			if IsDerived(c.Type) {
				like = c.Type // (explicit bounds: alloc_mold.go)
			}
			return Associate(c, FollowLike(xc, dc, c.Rank(), like, zero, always)) // ptrcomp.go
		})...)
	}
	return nest(loops, body)
}

// AllocPaths returns the paths to the ALLOCATABLE real components of
// derived type t, its own (one component) and those nested in its
// scalar components of derived type (g%temp%v: temp, then v) and in its
// array components of derived type (col%layers(k)%t: ElemPath, whose
// references PathLoops builds), which CheckDerived accepts; nil if t is
// not a derived type.
func AllocPaths(t *sema.Type) [][]*sema.Symbol {
	if !IsDerived(t) {
		return nil
	}
	return allocPaths(t.Derived, nil, 0)
}

func allocPaths(ts *sema.Symbol, prefix []*sema.Symbol, depth int) [][]*sema.Symbol {
	var out [][]*sema.Symbol
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || c.Type == nil {
			continue
		}
		path := append(append([]*sema.Symbol{}, prefix...), c)
		switch {
		case allocLeaf(c): // (POINTER ones: ptrcomp.go; derived: dtype_alloc_comp.go)
			out = append(out, path)
			out = append(out, layeredPaths(c, path)...) // derived_layers.go
		case (scalarPart(c) || elemPart(c)) && IsDerived(c.Type) && depth < 8:
			out = append(out, allocPaths(c.Type.Derived, path, depth+1)...)
		}
	}
	return out
}

// scalarPart reports whether component c is a scalar that is neither
// ALLOCATABLE nor a POINTER: a part of a path to a nested ALLOCATABLE
// component.
func scalarPart(c *sema.Symbol) bool {
	return len(c.Dims) == 0 && !c.Attrs.Has(sema.AttrAllocatable) && !c.Attrs.Has(sema.AttrPointer)
}

// AllocLeaves returns the ALLOCATABLE real components AllocPaths leads
// to: those of t and of its scalar components, at any depth.
func AllocLeaves(t *sema.Type) []*sema.Symbol {
	var out []*sema.Symbol
	for _, p := range AllocPaths(t) {
		out = append(out, p[len(p)-1])
	}
	return out
}

// PathRef returns x%c1%c2... for the components of path.
func PathRef(x ast.Expr, path []*sema.Symbol) ast.Expr {
	out := ast.Clone(x)
	for _, c := range path {
		out = &ast.SelectorExpr{X: out, Sel: ast.NewIdent(c.Name)}
	}
	return out
}

// FollowAllocated is FollowComponents for an ALLOCATABLE variable x of
// derived type: under IF (ALLOCATED(x)), so that its bounds exist; nil
// if its type has no such components.
func FollowAllocated(x, d string, s *sema.Symbol, always bool, newIndex func() *ast.Ident) []ast.Stmt {
	body := FollowComponents(x, d, s, always, newIndex)
	if len(body) == 0 {
		return nil
	}
	return []ast.Stmt{If(Allocated(ast.NewIdent(x)), body...)}
}
