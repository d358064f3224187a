package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A local pointer naming a part of a dummy in a routine reversed in split
// mode (h => st%h at the top of a step routine, the way modern models name
// components). foo_bwd starts without foo_fwd's locals; the pointer's
// association is foo_fwd's last, and when the routine associates the
// pointer once, at the top level of its body, with a designator of
// dummies whose allocation and association the routine does not change,
// foo_bwd associates it again (and its adjoint) before anything else: the
// same target, so the same storage. So it does with a designator of a
// module variable the routine and its callees do not allocate
// (split_ptr_comp.go). Other pointers stay rejected.

// splitPointer returns the statements associating local pointer v (and
// its adjoint) at the start of foo_bwd as at the end of foo_fwd; false if
// v is not such a pointer (see above).
func (g *gen) splitPointer(u *ast.Unit, v *sema.Symbol) ([]ast.Stmt, bool) {
	if v.IsDummy() || isGlobal(v) || v.Attrs.Has(sema.AttrSave) || g.modPtrOf(v) != nil {
		return nil, false
	}
	var assoc *ast.PointerAssignStmt
	n, other := 0, false
	walkStmts(u.Body, func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.PointerAssignStmt:
			if g.baseSym(s.Lhs) == v {
				n++
				assoc = s
			}
		case *ast.AllocateStmt: // (allocate, deallocate, nullify)
			other = true // (of v, or of what a target designates)
		case *ast.CallStmt:
			if id, ok := s.Name.(*ast.Ident); ok && id.Lower() == "move_alloc" {
				other = true
			}
		}
	})
	if n != 1 || other || !topLevel(u.Body, assoc) {
		return nil, false
	}
	// (pointer_remap.go: a pointer with bounds; split_ptr_comp.go)
	obj, bounds := g.remapParts(assoc)
	if _, ok := obj.(*ast.Ident); !ok || !g.invariantBounds(bounds) || !g.dummyDesignator(assoc.Rhs) && !g.moduleDesignator(u, assoc.Rhs) {
		return nil, false
	}
	if plan, err := g.replay(v); err != nil || plan != nil {
		return nil, false
	}
	rhs, err := g.pointerTarget(assoc.Rhs)
	if err != nil {
		return nil, false
	}
	plan := &replayPlan{}
	plan.setBounds(0, bounds)
	out := []ast.Stmt{&ast.PointerAssignStmt{Lhs: plan.withBounds(0, ast.NewIdent(v.Name)), Rhs: ast.Clone(assoc.Rhs)}}
	if g.hasAdj(v) {
		out = append(out, &ast.PointerAssignStmt{Lhs: plan.withBounds(0, ast.NewIdent(g.aname(v))), Rhs: rhs})
	}
	return out, true
}

// dummyDesignator reports whether x designates through dummies only: each
// name in it is a dummy (the base) or an INTENT(IN) scalar dummy or a
// named constant (subscripts), so that it designates the same storage
// wherever the routine evaluates it.
func (g *gen) dummyDesignator(x ast.Expr) bool {
	ok := true
	base := g.baseSym(x)
	ast.Inspect(x, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			ast.Inspect(sel.X, func(m ast.Node) bool { return g.dummyName(m, base, &ok) })
			return false // (a component name is no variable)
		}
		return g.dummyName(n, base, &ok)
	})
	return ok && base != nil && base.IsDummy()
}

// dummyName clears ok if n is a name dummyDesignator does not allow.
func (g *gen) dummyName(n ast.Node, base *sema.Symbol, ok *bool) bool {
	id, isID := n.(*ast.Ident)
	if !isID {
		return *ok
	}
	s := g.info.ObjectOf(id)
	switch {
	case s == nil:
		*ok = false
	case s == base, s.Attrs.Has(sema.AttrParameter), s.Kind != sema.VarSym:
	case !s.IsDummy() || s.Intent != ast.IntentIn || s.Rank() != 0:
		*ok = false
	}
	return *ok
}

// topLevel reports whether s is a statement of list itself (not inside a
// construct).
func topLevel(list []ast.Stmt, s ast.Stmt) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
