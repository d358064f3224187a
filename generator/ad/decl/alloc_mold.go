package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// AllocateLike returns the allocation of shadow with the bounds of x, an
// array of type t and rank rank: ALLOCATE(shadow, MOLD=x), but for an
// array of a derived type with default initialization or ALLOCATABLE
// components, which gfortran 12 rejects with MOLD= ("Array specification
// or array-valued SOURCE= expression required"):
// ALLOCATE(shadow(lbound(x,1):ubound(x,1), ...)) (the components are
// followed after: FollowComponents).
func AllocateLike(shadow, x ast.Expr, t *sema.Type, rank int) ast.Stmt {
	if rank == 0 || !IsDerived(t) || !defaultInit(t.Derived, 0) && allocComponent(t.Derived, 0) == nil {
		return AllocateMold(shadow, x)
	}
	var dims []ast.Expr
	for d := 1; d <= rank; d++ {
		dims = append(dims, &ast.RangeExpr{Lo: deriv.Call("lbound", ast.Clone(x), deriv.Int(d)), Hi: deriv.Call("ubound", ast.Clone(x), deriv.Int(d))})
	}
	return &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: shadow, Args: dims}}}
}

// defaultInit reports whether derived type ts has a component with
// default initialization, at any depth.
func defaultInit(ts *sema.Symbol, depth int) bool {
	if ts == nil || depth > 8 {
		return false
	}
	for _, c := range ts.Components {
		if c.Init != nil {
			return true
		}
		if c.Type != nil && IsDerived(c.Type) && !c.Attrs.Has(sema.AttrPointer) && !c.Attrs.Has(sema.AttrAllocatable) && defaultInit(c.Type.Derived, depth+1) {
			return true
		}
	}
	return false
}

// MoldBounds rewrites, in generated unit u whose names resolve in scope
// as the original's, each ALLOCATE(shadow, MOLD=x) where x is an array
// of a derived type with default initialization (a variable or a
// component path, resolved by name) into the allocation with x's bounds
// (AllocateLike).
func MoldBounds(u *ast.Unit, scope *sema.Scope) {
	if scope == nil {
		return
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		s, ok := n.(*ast.AllocateStmt)
		if !ok || s.Keyword != "allocate" || len(s.Objects) != 1 || len(s.Options) != 1 || s.Options[0].Name.Lower() != "mold" {
			return true
		}
		x := s.Options[0].Value
		t, rank := designatorType(scope, x, 0)
		if t == nil || rank == 0 {
			return true
		}
		if a, ok := AllocateLike(s.Objects[0], x, t, rank).(*ast.AllocateStmt); ok && len(a.Options) == 0 {
			s.Objects, s.Options = a.Objects, nil
		}
		return true
	})
}

// designatorType returns the type and rank of variable or component
// path x (no subscripts) looked up by name in scope, nil if it is not
// one.
func designatorType(scope *sema.Scope, x ast.Expr, depth int) (*sema.Type, int) {
	switch x := x.(type) {
	case *ast.Ident:
		s := scope.Lookup(x.Lower())
		if s == nil || s.Kind != sema.VarSym {
			return nil, 0
		}
		return s.Type, s.Rank()
	case *ast.SelectorExpr:
		t, rank := designatorType(scope, x.X, depth+1)
		if t == nil || rank > 0 || !IsDerived(t) || depth > 8 {
			return nil, 0
		}
		c := t.Derived.Component(x.Sel.Lower())
		if c == nil {
			return nil, 0
		}
		return c.Type, len(c.Dims)
	}
	return nil, 0
}
