package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointer assignments with bounds: p(1:n*m) => a (a rank-1 view of a
// 2-D field) and p(0:, 0:) => a (a halo's indices). The forward sweep
// makes the same association for p_b (p_b(1:n*m) => a_b), the backward
// sweep restores the saved associations: a pointer assigned from a
// pointer keeps its bounds, so the bounds' expressions are never
// evaluated again. The paths that make an association again from the
// statement (replays in loops, split mode's foo_bwd, module pointer
// sets) would drop the bounds: a pointer with bounds given is kept off
// them, and rejected where only they apply.

// remapObject returns the pointer object of s when s gives bounds
// (p for p(1:n) => a), else nil.
func (g *gen) remapObject(s *ast.PointerAssignStmt) ast.Expr {
	call, ok := s.Lhs.(*ast.CallExpr)
	if !ok || !decl.IsRemap(call) {
		return nil
	}
	if v := g.baseSym(call.Fun); v == nil || !pointerObject(g.info, call.Fun) {
		return nil
	}
	return call.Fun
}

// pointerObject reports whether x (p, or a%p) designates a pointer.
func pointerObject(info *sema.Info, x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		s := info.ObjectOf(x)
		return s != nil && s.Attrs.Has(sema.AttrPointer)
	case *ast.SelectorExpr:
		s := info.ObjectOf(x.Sel)
		return s != nil && s.Attrs.Has(sema.AttrPointer)
	}
	return false
}

// remapParts returns the pointer object of s and the bounds it gives,
// nil when none.
func (g *gen) remapParts(s *ast.PointerAssignStmt) (ast.Expr, []ast.Expr) {
	if obj := g.remapObject(s); obj != nil {
		return obj, s.Lhs.(*ast.CallExpr).Args
	}
	return s.Lhs, nil
}

// invariantBounds reports whether bounds never change in the routine,
// so that a replay can give them again.
func (g *gen) invariantBounds(bounds []ast.Expr) bool {
	for _, b := range bounds {
		r := b.(*ast.RangeExpr)
		for _, x := range []ast.Expr{r.Lo, r.Hi} {
			if x != nil && !g.invariant(x) {
				return false
			}
		}
	}
	return true
}

// setBounds records the bounds target k's statement gives.
func (p *replayPlan) setBounds(k int, bounds []ast.Expr) {
	if bounds == nil {
		return
	}
	if p.bounds == nil {
		p.bounds = map[int][]ast.Expr{}
	}
	p.bounds[k] = bounds
}

// withBounds returns pointer object p with the bounds target k's
// statement gives it.
func (p *replayPlan) withBounds(k int, obj ast.Expr) ast.Expr {
	b, ok := p.bounds[k]
	if !ok {
		return ast.Clone(obj)
	}
	args := make([]ast.Expr, len(b))
	for i, x := range b {
		args[i] = ast.Clone(x)
	}
	return &ast.CallExpr{Fun: ast.Clone(obj), Args: args}
}

// remapsRank reports whether a statement of the plan views its target
// with another rank (p(1:n*m) => a): associated(p, a) cannot tell it.
func (p *replayPlan) remapsRank() bool {
	for _, b := range p.bounds {
		if b[0].(*ast.RangeExpr).Hi != nil {
			return true
		}
	}
	return false
}

// remapped reports whether a pointer assignment of the routine gives v
// bounds.
func (g *gen) remapped(v *sema.Symbol) bool {
	if g.pa.Unit == nil || v == nil {
		return false
	}
	found := false
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok {
			if o, ok := g.remapObject(s).(*ast.Ident); ok && g.info.ObjectOf(o) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// remapAssign reverses pointer assignment s with bounds to pointer
// object obj.
func (g *gen) remapAssign(s *ast.PointerAssignStmt, obj ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	id, ok := obj.(*ast.Ident)
	v := g.baseSym(obj)
	if !g.hasAdj(v) || (!ok && g.assocComponent(obj) == nil) {
		if ok {
			return g.passiveAssoc(s, v) // pointer_passive.go
		}
		if !g.passiveReplayedComp(obj, v) {
			return []ast.Stmt{s}, nil, nil
		}
		return nil, nil, notSupported("pointer assignment with bounds ('%s(...) =>') to a POINTER component whose associations the backward sweep makes again, in reverse mode", exprString(obj))
	}
	switch {
	case !ok:
		return nil, nil, notSupported("pointer assignment with bounds to active POINTER component '%s' in reverse mode", exprString(obj))
	case v.IsDummy() || isGlobal(v) || v.Attrs.Has(sema.AttrSave) || g.modPtrOf(v) != nil:
		return nil, nil, notSupported("pointer assignment with bounds to active pointer '%s', not a local pointer without SAVE, in reverse mode", v.Name)
	}
	if g.split {
		if _, ok := g.splitPointer(g.pa.Unit, v); ok {
			return labelled(s, []ast.Stmt{s}), nil, nil // foo_bwd associates it again (split_pointer.go)
		}
	}
	pb := ast.NewIdent(g.aname(v))
	rhs, err := g.pointerTarget(s.Rhs)
	if err != nil {
		return nil, nil, err
	}
	bounds := ast.Clone(s.Lhs).(*ast.CallExpr)
	bounds.Fun = pb
	assoc := &ast.PointerAssignStmt{Lhs: bounds, Rhs: rhs}
	plan, err := g.replay(v)
	if err != nil {
		return nil, nil, err
	}
	if plan != nil { // pointer_replay.go: in a loop, say; split_replay.go
		push, set, back, err := g.replayParts(s, id, v, plan)
		if err != nil {
			return nil, nil, err
		}
		return labelled(s, append(append(append(push, s), g.fwdAssoc(s.Rhs, assoc)...), set...)), back, nil
	}
	if g.split {
		return nil, nil, notSupported("pointer assignment with bounds to active pointer '%s' in split mode, with bounds or a target that change", v.Name)
	}
	save, restore, err := g.pointerSave(id, v, pb)
	if err != nil {
		return nil, nil, err
	}
	return labelled(s, append(save, s, assoc)), restore, nil
}
