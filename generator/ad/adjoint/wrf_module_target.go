package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// WRF's solver may point a local pointer at a tile of a state array of a
// MODULE grid (t => head_grid%t_2(1:n, :, 1:n)), associated once and
// saved and restored around its statement rather than replayed. The
// component's adjoint head_grid_b%t_2 is allocated (aligned with the
// state) at the start of the backward sweep only: the forward sweep's
// association of t_b then pointed at nothing (a crash), so it waits for
// the allocation, and the start of the backward sweep associates t_b
// again while t still points at that tile.

// moduleCompTarget returns the adjoint of target t when t is (a section
// of) an ALLOCATABLE component of a scalar module variable with an
// adjoint, with the test that it is allocated; nil if t is not.
func (g *gen) moduleCompTarget(t ast.Expr) (adj, allocated ast.Expr) {
	sel, ok := g.allocatedPart(t).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v := g.info.ObjectOf(id)
	if v == nil || v.Kind != sema.VarSym || v.Module() == nil || v.Rank() != 0 || v.Attrs.Has(sema.AttrPointer) || !g.hasAdj(v) {
		return nil, nil
	}
	ty := g.info.TypeOf(sel.X)
	if !decl.IsDerived(ty) {
		return nil, nil
	}
	comp := ty.Derived.Component(sel.Sel.Lower())
	if comp == nil || !comp.Attrs.Has(sema.AttrAllocatable) {
		return nil, nil
	}
	b, err := g.adjRef(sel)
	if err != nil {
		return nil, nil
	}
	return b, decl.Allocated(b)
}

// moduleCompAssoc returns the forward sweep's association of pointer p's
// adjoint with target t's (assoc) when t is a module grid's component
// (moduleCompTarget): guarded by its allocation, and repeated at the
// start of the backward sweep while p points at t; nil if t is not.
func (g *gen) moduleCompAssoc(p ast.Expr, t ast.Expr, assoc *ast.PointerAssignStmt) ast.Stmt {
	_, allocated := g.moduleCompTarget(t)
	if allocated == nil {
		return nil
	}
	again := &ast.IfStmt{Cond: logical(allocated, token.AND, ".and.",
		&ast.CallExpr{Fun: ast.NewIdent("associated"), Args: []ast.Expr{ast.Clone(p), ast.Clone(t)}}),
		Action: ast.Clone(assoc)}
	g.bwdAssocs = append(g.bwdAssocs, again)
	return &ast.IfStmt{Cond: ast.Clone(allocated), Action: assoc}
}
