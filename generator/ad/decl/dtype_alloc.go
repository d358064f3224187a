package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ZeroBlock returns one statement zeroing ref, the derivative of an
// ALLOCATABLE variable of derived type ts and rank rank, where the
// allocation code takes a single statement (Follow, Realign): a BLOCK
// holding ZeroDerived's assignments.
func ZeroBlock(ref ast.Expr, rank int, ts *sema.Symbol, newIndex func() *ast.Ident) ast.Stmt {
	return &ast.BlockConstruct{Body: ZeroDerived(ref, rank, ts, newIndex), End: ast.EndStmt{Keyword: "block"}}
}

// CheckAllocDerived returns an error for the ALLOCATABLE variables s of
// derived type whose derivative fadj does not build yet: those whose
// type has ALLOCATABLE components other than the real ones AllocPaths
// leads to and integer or logical ones (which have no adjoint): POINTER
// ones, complex ones, ones under array components, whose allocations
// would have to be followed inside a variable whose own allocation
// changes.
func CheckAllocDerived(s *sema.Symbol) error {
	if c := allocComponent(s.Type.Derived, 0); c != nil && !followed(s.Type, c) {
		return notSupported("active ALLOCATABLE derived-type variable '%s' whose type has the ALLOCATABLE component '%s'", s.Name, c.Name)
	}
	return nil
}

// followed reports whether every ALLOCATABLE or POINTER component of t
// (c the first) is one FollowComponents follows.
func followed(t *sema.Type, c *sema.Symbol) bool {
	n := 0
	var count func(ts *sema.Symbol, depth int)
	count = func(ts *sema.Symbol, depth int) {
		for _, k := range ts.Components {
			if k.Kind != sema.ComponentSym {
				continue
			}
			if k.Attrs.Has(sema.AttrAllocatable) && k.Type != nil && (k.Type.IsInteger() || k.Type.IsLogical()) {
				continue // no adjoint to follow; recorded with its allocation
			}
			if k.Attrs.Has(sema.AttrAllocatable) || k.Attrs.Has(sema.AttrPointer) {
				n++
			} else if IsDerived(k.Type) && depth < 8 {
				count(k.Type.Derived, depth+1)
			}
		}
	}
	count(t.Derived, 0)
	leaves := AllocLeaves(t)
	for _, l := range leaves {
		if l.Attrs.Has(sema.AttrPointer) {
			return false
		}
	}
	return n == len(leaves)
}

// allocComponent returns an ALLOCATABLE or POINTER component of ts (at
// any depth), or nil.
func allocComponent(ts *sema.Symbol, depth int) *sema.Symbol {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym {
			continue
		}
		if c.Attrs.Has(sema.AttrAllocatable) || c.Attrs.Has(sema.AttrPointer) {
			return c
		}
		if IsDerived(c.Type) && depth < 8 {
			if d := allocComponent(c.Type.Derived, depth+1); d != nil {
				return d
			}
		}
	}
	return nil
}

// HasArrayPart reports whether a real or complex component of derived
// type ts is an array or lies under one: a reference to an array of ts
// then reaches it only element by element (ForLeaves).
func HasArrayPart(ts *sema.Symbol) bool { return hasArrayPart(ts, 0) }
