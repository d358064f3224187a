package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointer assignments with bounds to a POINTER component (v%flat(1:n*m)
// => work, a rank-1 view of a 2-D field kept in a type) are reversed as
// the component's association by => (ptrcomp.go's componentAssoc): the
// forward sweep saves the associations of v%flat and v_b%flat in a pair
// of pointers and associates v_b%flat(1:n*m) => work_b with the same
// bounds; the backward sweep restores the pair, which keeps the bounds,
// so their expressions are never evaluated again. An association in a
// loop, which the backward sweep would replay from the statement
// without its bounds (pointer_replay.go), stays rejected.

// assocObject returns the pointer object s associates: p of p => t and
// of p(1:n) => t.
func assocObject(s *ast.PointerAssignStmt) ast.Expr {
	if c, ok := s.Lhs.(*ast.CallExpr); ok && decl.IsRemap(c) {
		return c.Fun
	}
	return s.Lhs
}

// componentRemap reverses s when it is a pointer assignment with bounds
// to a POINTER component that componentAssoc follows (ok).
func (g *gen) componentRemap(s *ast.PointerAssignStmt) (fwd, bwd []ast.Stmt, ok bool, err error) {
	if err := g.componentTarget(s); err != nil {
		return nil, nil, true, err
	}
	c, isCall := s.Lhs.(*ast.CallExpr)
	if !isCall || !decl.IsRemap(c) || g.assocComponent(c.Fun) == nil {
		return nil, nil, false, nil
	}
	obj, v := c.Fun, g.baseSym(c.Fun)
	if x := decl.PointerComponentIn(g.info, s.Rhs); x != nil && !g.ownedComponentTarget(s.Rhs) {
		return nil, nil, true, notSupported("pointer assignment of POINTER component '%s' in reverse mode (fadj follows the association by => of a POINTER component of a scalar variable with a variable)", exprString(x))
	}
	if !g.hasAdj(v) {
		fwd, bwd, err = g.remapAssign(s, obj) // pointer_remap.go
		return fwd, bwd, true, err
	}
	if err := g.checkAssocBase(obj, v); err != nil {
		return nil, nil, true, err
	}
	if t := g.baseSym(s.Rhs); t != nil && (t.IsDummy() || t.Attrs.Has(sema.AttrPointer)) {
		return nil, nil, true, notSupported("POINTER component '%s' associated with '%s', a dummy or a pointer, in reverse mode", exprString(obj), exprString(s.Rhs))
	}
	if g.compInLoop(obj) {
		return nil, nil, true, notSupported("pointer assignment with bounds ('%s(...) =>') to POINTER component '%s' in a loop in reverse mode (the backward sweep would associate it again without the bounds)", exprString(obj), exprString(obj))
	}
	pb, err := g.adjRef(obj)
	if err != nil {
		return nil, nil, true, err
	}
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, nil, true, err
	}
	bounds := make([]ast.Expr, len(c.Args))
	for i, b := range c.Args {
		bounds[i] = ast.Clone(b)
	}
	assoc := &ast.PointerAssignStmt{Lhs: &ast.CallExpr{Fun: pb, Args: bounds}, Rhs: rhs}
	save, restore, err := g.refSave(obj, ast.Clone(pb), g.assocComponent(obj))
	if err != nil {
		return nil, nil, true, err
	}
	return labelled(s, append(save, s, assoc)), restore, true, nil
}

// componentTarget rejects the association of an active POINTER component
// with a part of its own variable (v%p => v%a: the activity analysis
// tracks v%p and v%a as two paths, and would miss what a write through
// v%p does to v%a), or with a target whose adjoint the backward sweep
// allocates only at its start (an ALLOCATABLE local or component of a
// local: v_b%p => w_b%a would point at storage not allocated yet, the
// dot product was off by 0.63).
func (g *gen) componentTarget(s *ast.PointerAssignStmt) error {
	obj := assocObject(s)
	if _, ok := obj.(*ast.SelectorExpr); !ok || decl.PointerComponentIn(g.info, obj) == nil {
		return nil
	}
	b := g.baseSym(obj)
	if b == nil || !g.hasAdj(b) {
		return nil
	}
	if _, name := s.Rhs.(*ast.Ident); b == g.baseSym(s.Rhs) && !name {
		return notSupported("association of POINTER component '%s' with '%s', a part of the same variable", exprString(obj), exprString(s.Rhs))
	}
	if g.allocTargetAdj(s.Rhs) != nil {
		return notSupported("association of POINTER component '%s' with '%s', whose adjoint the backward sweep allocates only at its start, in reverse mode", exprString(obj), exprString(s.Rhs))
	}
	return nil
}
