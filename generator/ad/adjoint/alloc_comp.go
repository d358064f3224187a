package adjoint

import (
	"fmt"
	"path/filepath"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE real components of active derived-type variables (`type
// state; real(8), allocatable :: u(:); end type`), of locals, dummies
// and module variables, scalars or arrays of types (element by element). The adjoint p_b, of the same type, keeps the invariant of
// allocatable variables (alloc.go) component by component: p_b%u is
// allocated exactly when p%u is, with its bounds, at each point of the
// backward sweep. ALLOCATE(p%u(n)) is reversed by deallocating p%u and
// p_b%u; DEALLOCATE(p%u) and an assignment to the whole of p%u (which
// may reallocate it) record its allocation, bounds and values, which the
// backward sweep restores, p_b%u following. At the start of the backward
// sweep a local's p_b%u is allocated zero where p%u is allocated, a
// dummy's or a module variable's is aligned with p%u (a seed the caller
// allocated is kept).
// Records of a whole value of such a type (a call that may define it)
// are rejected (tapeLeaves).

// allocAdj returns the adjoint of allocatable reference x (a variable v,
// or a component v of a variable), or nil if it has none.
func (g *gen) allocAdj(x ast.Expr, v *sema.Symbol) ast.Expr {
	switch x := x.(type) {
	case *ast.Ident:
		if g.hasAdj(v) {
			return g.shadow(x, v)
		}
	case *ast.SelectorExpr:
		if v != nil && v.Type != nil && !v.Type.IsFloat() && !decl.IsDerived(v.Type) {
			return nil // an integer or logical component has no adjoint
		}
		b := g.baseSym(x)
		if id := baseIdent(x); id != nil && b == nil {
			b = g.scope.Lookup(id.Lower()) // a clone (a record's)
		}
		if b != nil && g.hasAdj(b) {
			if r, err := g.adjRef(x); err == nil {
				return r
			}
			return g.renamedBase(x) // (generated element indices: alloc_elems.go)
		}
	}
	return nil
}

// allocComponent returns, for p%u or p%u(bounds) with u an ALLOCATABLE
// component, p%u and u's symbol; nil if o is not one.
func (g *gen) allocComponent(o ast.Expr) (*ast.SelectorExpr, *sema.Symbol) {
	x := o
	if c, ok := o.(*ast.CallExpr); ok {
		x = c.Fun
	}
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	t := g.info.TypeOf(sel.X)
	if !decl.IsDerived(t) {
		return nil, nil
	}
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && c.Name == sel.Sel.Lower() && decl.OwnedArray(c) { // (POINTER: ptrcomp.go)
			return sel, c
		}
	}
	return nil, nil
}

// checkComponentBase rejects a component of other than a scalar
// variable (an element of an array of types, a common-block variable's).
func (g *gen) checkComponentBase(x *ast.SelectorExpr) error {
	if baseIdent(x) != nil && !vectorSubscript(g.info, x.X) {
		if b := g.baseSym(x); b != nil && (!isGlobal(b) || b.Module() != nil) {
			return nil
		}
	}
	return notSupported("ALLOCATABLE component '%s' of other than a scalar variable in reverse mode", exprString(x))
}

// componentAlloc reverses the allocation (or deallocation) of object o,
// the component x (of symbol c) of a variable; with STAT= as a variable
// with STAT= (alloc.go).
func (g *gen) componentAlloc(keyword string, x *ast.SelectorExpr, c *sema.Symbol, stat ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	if err := g.checkComponentBase(x); err != nil {
		return nil, nil, err
	}
	if stat != nil {
		// It may fail: its allocation is recorded (alloc_stat.go).
		return g.saveAlloc(ast.Clone(x), c, keyword == "deallocate", tape.Push, true)
	}
	xb := g.allocAdj(x, c)
	if keyword == "allocate" {
		bwd = []ast.Stmt{decl.Deallocate(ast.Clone(x))}
		if xb != nil {
			bwd = append(bwd, decl.Deallocate(xb))
		}
		return nil, bwd, nil
	}
	rec, err := g.allocRecords(ast.Clone(x), c, tape.Push, true)
	if err != nil {
		return nil, nil, err
	}
	bwd = append(append(append([]ast.Stmt{}, rec.popBounds...), rec.alloc), rec.popValues...)
	if xb != nil {
		bwd = append(bwd, decl.AllocateLike(xb, ast.Clone(x), c.Type, c.Rank()), decl.ZeroLeaf(xb, c))
		bwd = append(bwd, decl.FollowElements(x, xb, c, true, g.newIndex)...) // (a layered type: decl/derived_layers.go)
	}
	re, err := g.reassocDealloc(x) // wrf_dealloc_target.go
	return rec.push, append(bwd, re...), err
}

// componentAssign reverses assignment s to the whole of ALLOCATABLE
// component x (symbol c), which may reallocate it, as allocAssign does
// for a variable.
func (g *gen) componentAssign(s *ast.AssignStmt, x *ast.SelectorExpr, c *sema.Symbol) (fwd, bwd []ast.Stmt, err error) {
	if g.info.Assignments[s] != nil {
		return nil, nil, notSupported("defined assignment in reverse mode")
	}
	if err := g.checkComponentBase(x); err != nil {
		return nil, nil, err
	}
	// (A layered type's values hold its elements' allocations, which
	// the adjoints follow: decl/derived_layers.go.)
	save, restore, err := g.saveAlloc(ast.Clone(x), c, g.records(s, s.Lhs) || decl.LayeredType(c.Type), tape.Push, false)
	if err != nil {
		return nil, nil, err
	}
	fwd = withLabel(s, append(save, s))
	base := g.baseSym(x)
	xb := g.allocAdj(x, c)
	if xb == nil {
		return fwd, restore, nil
	}
	restore = append(restore, g.follow(x, c))
	adj, err := g.wholeAssignAdjoint(s, base) // dtype_bwd_intent.go
	if err != nil {
		return nil, nil, err
	}
	if !g.references(s.Rhs, base) {
		return fwd, append(g.backRef(s, adj), restore...), nil
	}
	if n := seeded(adj, xb); n > 0 {
		out := append(append(append([]ast.Stmt{}, adj[:n]...), restore...), adj[n:]...)
		return fwd, g.backRef(s, out), nil
	}
	// The usual case, self%h = self%h + dt*f: the shapes agree and
	// nothing is reallocated, so the adjoint runs in place; the backward
	// sweep stops if the assignment did reallocate.
	guard := g.reallocGuard(s, x, xb, exprString(x))
	return fwd, append(append(restore[:len(restore)-1], guard), g.backRef(s, adj)...), nil
}

// reallocGuard returns the backward sweep's check, after the value of x
// before assignment s is restored, that s did not reallocate x (its
// adjoint xb still has the bounds s gave it): an assignment whose right
// side reads x has no adjoint in place across a reallocation.
func (g *gen) reallocGuard(s *ast.AssignStmt, x, xb ast.Expr, name string) ast.Stmt {
	where := g.fset.Position(s.Pos())
	stop := &ast.StopStmt{Error: true, Code: &ast.BasicLit{Kind: token.STRING,
		Value: fmt.Sprintf("'fadj: %s:%d: reallocation of %s, which the right side reads'", filepath.Base(where.Filename), where.Line, name)}}
	return decl.If(decl.OtherBounds(ast.Clone(x), deriv.Call("lbound", ast.Clone(xb)), deriv.Call("ubound", ast.Clone(xb))), stop)
}

// componentInits returns the alignment, at the start of the backward
// sweep, of the adjoints of the ALLOCATABLE components of derived-type
// variable s (named x, adjoint xb): allocated where s's are, zero for a
// local's (or a dummy's outside the pattern), kept for a seed the caller
// allocated with the component's bounds.
func (g *gen) componentInits(s *sema.Symbol, name string) []ast.Stmt {
	return decl.FollowComponents(s.Name, name, s, !(s.IsDummy() && inPattern(g.pa, s)), g.newIndex)
}

// baseIdent returns the variable name of component x of a scalar or of
// an element of an array of types (p%u, c(i)%u), also through scalar
// components (g%temp%v, c(i)%temp%v: decl.AllocPaths) and elements of
// array components (col%layers(k)%t: decl/derived_elems.go), or nil.
func baseIdent(x *ast.SelectorExpr) *ast.Ident {
	switch y := x.X.(type) {
	case *ast.Ident:
		return y
	case *ast.CallExpr:
		if sel, ok := y.Fun.(*ast.SelectorExpr); ok {
			return baseIdent(sel) // col%layers(k)%t (decl/derived_elems.go)
		}
		id, _ := y.Fun.(*ast.Ident)
		return id
	case *ast.SelectorExpr:
		return baseIdent(y)
	}
	return nil
}
