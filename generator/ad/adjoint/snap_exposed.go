package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// What a step reads before it defines it, inside its loops and BLOCKs.
//
// A BLOCK local hoisted into the routine (inline.BlockLocals) is written
// by each run of its block before it is read: an automatic array or
// scalar assigned first, a POINTER associated first (col => t(:, ic)),
// an ALLOCATABLE freed first (if (allocated(w)) deallocate(w), then
// allocated). The block sits in a loop of the step, so the reads that
// exposedUses sees are those of each iteration of that loop: what an
// iteration writes before reading it is not read from before the loop
// (an iteration that skips the write skips the read after it), and so
// is in no snapshot. A loop body with GO TOs (a forward one may skip
// the write and not the read) counts all it names as read.

// stepUses returns the variables the runs of list (a loop body or a
// BLOCK's) may read before they define them.
func (g *gen) stepUses(list []ast.Stmt) modref.Set {
	if jumpsIn(list) {
		return g.bodyUses(list)
	}
	return g.exposedUses(list)
}

// renews returns the variable statement s gives a new association or
// allocation status without reading the old one: a pointer assignment
// to a named pointer whose target does not name it, or IF (ALLOCATED(v))
// DEALLOCATE(v).
func (g *gen) renews(s ast.Stmt) (*sema.Symbol, bool) {
	switch s := s.(type) {
	case *ast.PointerAssignStmt:
		obj, _ := g.remapParts(s) // (p(1:n, 1:n) => a: pointer_remap.go)
		id, ok := obj.(*ast.Ident)
		if !ok {
			return nil, false
		}
		v := g.info.ObjectOf(id)
		if v == nil || v.Kind != sema.VarSym || g.exprUses(s.Rhs)[v] {
			return nil, false
		}
		return v, true
	case *ast.IfStmt:
		c, ok := s.Cond.(*ast.CallExpr)
		d, ok2 := s.Action.(*ast.AllocateStmt)
		if !ok || !ok2 || d.Keyword != "deallocate" || len(c.Args) != 1 || len(d.Objects) != 1 || len(d.Options) > 0 {
			return nil, false
		}
		f, ok := c.Fun.(*ast.Ident)
		a, ok2 := c.Args[0].(*ast.Ident)
		o, ok3 := d.Objects[0].(*ast.Ident)
		if !ok || !ok2 || !ok3 || f.Lower() != "allocated" {
			return nil, false
		}
		if in, found := g.info.Calls[c]; !found || !in.IsIntrinsic() {
			return nil, false
		}
		v := g.info.ObjectOf(a)
		if v == nil || v.Kind != sema.VarSym || g.info.ObjectOf(o) != v {
			return nil, false
		}
		return v, true
	}
	return nil, false
}

// stepPointers returns the pointers of the steps body that no snapshot
// needs: locals of the routine (a hoisted BLOCK local: tcol =>
// temp(:, ic) at the start of the block) that nothing outside the steps
// names and that each step associates before it reads them. The record
// of a step then pushes whatever association the pointer has on entry,
// which the backward sweep restores and nothing reads: the step before
// (recomputed from its snapshot) associates it anew, and the code before
// the loop does not name it.
func (g *gen) stepPointers(body []ast.Stmt) map[*sema.Symbol]bool {
	if g.pa.Unit == nil {
		return nil
	}
	exposed := g.exposedUses(body)
	inside := map[*ast.Ident]bool{}
	out := map[*sema.Symbol]bool{}
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			inside[id] = true
			v := g.info.ObjectOf(id)
			if v != nil && v.Kind == sema.VarSym && v.Attrs.Has(sema.AttrPointer) && !exposed[v] &&
				!v.IsDummy() && !v.Attrs.Has(sema.AttrSave) && g.scope.LookupLocal(v.Name) == v {
				out[v] = true
			}
		}
		return true
	})
	if len(out) == 0 {
		return nil
	}
	// (The executable statements, and contained procedures, which may
	// name it by host association.)
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body, Procs: g.pa.Unit.Procs}, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !inside[id] {
			delete(out, g.info.ObjectOf(id))
		}
		return true
	})
	return out
}

// exposedKilled returns the variables list may read before it defines
// them whole: the reads of each top-level statement, less the variables
// the statements before assign whole (a whole-array or scalar
// assignment, the variable of a counted DO within its body, a pointer
// associated anew, an allocatable freed: renews; what every branch of an
// IF with an ELSE does so); and the variables it so defines.
func (g *gen) exposedKilled(list []ast.Stmt) (out, killed modref.Set) {
	out, killed = modref.Set{}, modref.Set{}
	add := func(vs modref.Set, except *sema.Symbol) {
		for v := range vs {
			if !killed[v] && v != except {
				out[v] = true
			}
		}
	}
	for _, s := range list {
		switch s := g.info.Unsegmented(s).(type) { // (an assignment in segments: inline.ConstructorSegments)
		case *ast.AssignStmt:
			add(g.exprUses(s.Rhs), nil)
			if id, ok := s.Lhs.(*ast.Ident); ok {
				if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && !v.Attrs.Has(sema.AttrPointer) {
					killed[v] = true
				} else if v != nil && !killed[v] {
					out[v] = true // its association is read
				}
			} else {
				add(g.exprUses(s.Lhs), nil)
			}
		case *ast.DoConstruct:
			xs := []ast.Expr{s.Start, s.Stop, s.Step, s.While, s.Mask}
			for _, sp := range s.Concurrent {
				xs = append(xs, sp.Lo, sp.Hi, sp.Stride)
			}
			for _, x := range xs {
				if x != nil {
					add(g.exprUses(x), nil)
				}
			}
			var dv *sema.Symbol
			if s.Var != nil {
				dv = g.info.ObjectOf(s.Var)
			}
			add(g.stepUses(s.Body), dv) // snap_exposed.go
		default:
			if v, ok := g.renews(s); ok { // snap_exposed.go
				add(g.bodyUses([]ast.Stmt{s}), v) // (the target, read through v)
				killed[v] = true
				continue
			}
			if b, ok := s.(*ast.BlockConstruct); ok {
				add(g.stepUses(b.Body), nil)
				continue
			}
			if uses, kills, ok := g.branchesKilled(s); ok {
				add(uses, nil)
				for v := range kills {
					killed[v] = true
				}
				continue
			}
			add(g.bodyUses([]ast.Stmt{s}), nil)
		}
	}
	return out, killed
}

// branchesKilled returns, for IF construct s without GO TOs, what its
// conditions and branches may read before they define it, and what
// every branch defines whole when it has an ELSE (a double buffer
// associated in both branches: if (odd) then; old => a ... else; old =>
// b ... end if); ok is false for another statement.
func (g *gen) branchesKilled(s ast.Stmt) (uses, kills modref.Set, ok bool) {
	c, isIf := s.(*ast.IfConstruct)
	if !isIf {
		return nil, nil, false
	}
	uses = modref.Set{}
	hasElse := false
	for i, br := range c.Branches {
		if br.Cond == nil {
			hasElse = true
		} else {
			for v := range g.exprUses(br.Cond) {
				uses[v] = true
			}
		}
		if jumpsIn(br.Body) {
			return nil, nil, false
		}
		u, k := g.exposedKilled(br.Body)
		for v := range u {
			uses[v] = true
		}
		if i == 0 {
			kills = k
			continue
		}
		for v := range kills {
			if !k[v] {
				delete(kills, v)
			}
		}
	}
	if !hasElse {
		kills = nil
	}
	return uses, kills, true
}

// jumpsIn reports whether list holds a GO TO (a forward one may skip a
// definition and not the read after it).
func jumpsIn(list []ast.Stmt) bool {
	jumps := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			jumps = true
		}
		return !jumps
	})
	return jumps
}
