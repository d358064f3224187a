package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// WRF's solver points at a tile of a state array of its grid
// (t => grid%t_2(its:ite, :, jts:jte)) where the grid is a local with
// ALLOCATABLE components: the component's adjoint grid_b%t_2 is
// allocated at the start of the backward sweep only, as an allocatable
// local's (pointer_alloc_target.go), so the pointer's adjoint is
// associated with it under the same conditions.

// allocTargetAdj returns the adjoint whose allocation the association
// of an adjoint pointer with the adjoint of target t waits for: a_b of
// an ALLOCATABLE local a, g_b%a of an ALLOCATABLE component of a scalar
// local g; nil if t is neither.
func (g *gen) allocTargetAdj(t ast.Expr) ast.Expr {
	if v := g.allocLocalTarget(t); v != nil {
		return ast.NewIdent(g.aname(v))
	}
	if c, ok := t.(*ast.CallExpr); ok && g.info.Calls[c].Kind == sema.ArrayElement {
		t = c.Fun
	}
	sel, ok := t.(*ast.SelectorExpr)
	if !ok || !g.localStructPath(sel.X) {
		return nil
	}
	ty := g.info.TypeOf(sel.X)
	if !decl.IsDerived(ty) {
		return nil
	}
	comp := ty.Derived.Component(sel.Sel.Lower())
	if comp == nil || !decl.OwnedArray(comp) || comp.Attrs.Has(sema.AttrPointer) && g.componentAssociated(g.baseSym(sel)) {
		return nil
	}
	b, err := g.adjRef(sel)
	if err != nil {
		return nil
	}
	return b
}

// allocTargetTest returns the test that target t's adjoint is allocated
// (allocTargetAdj): allocated(a_b), or associated(grid_b%t_2) for an
// owned POINTER component (decl/ptrcomp.go); nil if t has none.
func (g *gen) allocTargetTest(t ast.Expr) ast.Expr {
	tb := g.allocTargetAdj(t)
	if tb == nil {
		return nil
	}
	if sel, ok := tb.(*ast.SelectorExpr); ok {
		if ty := g.info.TypeOf(g.allocatedPart(t).(*ast.SelectorExpr).X); decl.IsDerived(ty) {
			return decl.Status(tb, ty.Derived.Component(sel.Sel.Lower()))
		}
	}
	return decl.Allocated(tb)
}

// ownedComponentTarget reports whether x, the target of a pointer
// assignment, is (a section of) a POINTER component that owns its
// target (allocated, never associated by =>: decl/ptrcomp.go) of a
// scalar local with an adjoint (t => grid%t_2(1:n, :, 1:n), WRF's grid
// of POINTER state arrays): the pointer then follows it as it follows
// an ALLOCATABLE component.
func (g *gen) ownedComponentTarget(x ast.Expr) bool {
	sel, ok := g.allocatedPart(x).(*ast.SelectorExpr)
	if !ok || decl.PointerComponentIn(g.info, sel.X) != nil {
		return false
	}
	if c, ok := x.(*ast.CallExpr); ok && decl.PointerComponentIn(g.info, &ast.CallExpr{Fun: ast.NewIdent("f"), Args: c.Args}) != nil {
		return false
	}
	return g.allocTargetAdj(x) != nil
}

// localStructPath reports whether x is a scalar local with an adjoint
// (g), or scalar components of one (g%h): the backward sweep allocates
// its components' adjoints (componentInits).
func (g *gen) localStructPath(x ast.Expr) bool {
	for {
		switch y := x.(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.Ident:
			v := g.info.ObjectOf(y)
			return v != nil && v.Kind == sema.VarSym && v.Rank() == 0 && !v.IsDummy() && v.Owner == g.scope &&
				!isGlobal(v) && !v.Attrs.Has(sema.AttrPointer) && g.hasAdj(v)
		default:
			return false
		}
	}
}

// guardedSel returns a copy of sel, the association of pointer v and
// its adjoint from plan's number, for the forward sweep: each adjoint's
// association waits for its target's adjoint to be allocated
// (guardedAssoc). The syncs of checkpointed steps run it there
// (snap_assoc.go), before the backward sweep allocates grid_b%t_2.
func (g *gen) guardedSel(sel ast.Stmt, v *sema.Symbol, plan *replayPlan) ast.Stmt {
	out := ast.Clone(sel)
	sc, ok := out.(*ast.SelectCase)
	if !ok {
		return out
	}
	for _, cb := range sc.Cases {
		if cb.Default || len(cb.Values) != 1 {
			continue
		}
		lit, ok := cb.Values[0].(*ast.BasicLit)
		if !ok {
			continue
		}
		k, err := strconv.Atoi(lit.Value)
		if err != nil || k < 1 || k > len(plan.targets) || plan.targets[k-1] == nil {
			continue
		}
		for i, s := range cb.Body {
			if pa, ok := s.(*ast.PointerAssignStmt); ok && g.isAdjOf(pa.Lhs, v) {
				cb.Body[i] = g.guardedAssoc(plan.targets[k-1], pa)
			}
		}
	}
	return out
}

// isAdjOf reports whether x names the adjoint of v.
func (g *gen) isAdjOf(x ast.Expr, v *sema.Symbol) bool {
	id, ok := x.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, g.aname(v))
}
