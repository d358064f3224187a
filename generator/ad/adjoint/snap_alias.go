package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointer association in the snapshot sets of checkpointed loops and
// regions.
//
// A step writing through pointer cur writes its target a; one reading
// a through cur reads a. The definitions and reads the sets are made of
// name variables, so a step's sets are widened by the variables that
// may share storage with those it names: pointer association joins a
// pointer and the base of each target the routine associates it with
// (cur => a, cur => b, tmp => cur) into one class, and a name in out(C)
// or use(C̄) brings the class in. A pointer whose targets are not all
// known (a dummy, a module or host pointer, a function's result, a
// pointer passed whole to a procedure) joins the class of every
// pointer and TARGET the routine names. Pointers are brought in only
// when the step names them: their values are their targets'.
//
// A pointer the steps associate anew is in out(C) and use(C̄) too: its
// association is part of a step's state (snap_assoc.go).

// aliasOf is the union-find of the routine's alias classes.
type aliasOf map[*sema.Symbol]*sema.Symbol

// unknownAlias stands for the targets a pointer may have that the
// routine does not show.
var unknownAlias = &sema.Symbol{Name: "fadj unknown target"}

func (a aliasOf) find(v *sema.Symbol) *sema.Symbol {
	for a[v] != nil && a[v] != v {
		v = a[v]
	}
	return v
}

func (a aliasOf) union(x, y *sema.Symbol) {
	rx, ry := a.find(x), a.find(y)
	if rx != ry {
		a[rx] = ry
	}
	if a[ry] == nil {
		a[ry] = ry
	}
}

// aliasClasses returns the alias classes of the routine's pointers and
// targets.
func (g *gen) aliasClasses() aliasOf {
	a := aliasOf{unknownAlias: unknownAlias}
	if g.pa.Unit == nil {
		return a
	}
	named := map[*sema.Symbol]bool{}
	ast.Inspect(g.pa.Unit, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := g.info.ObjectOf(n); aliasable(v) {
				named[v] = true
				if v.Attrs.Has(sema.AttrPointer) && (v.IsDummy() || v.Owner != g.scope) {
					a.union(v, unknownAlias)
				}
			}
		case *ast.PointerAssignStmt:
			g.aliasAssign(a, n)
		case *ast.CallStmt:
			g.aliasArgs(a, n.Args, n)
		case *ast.CallExpr:
			if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				g.aliasArgs(a, n.Args, nil)
			}
		}
		return true
	})
	for v := range named {
		a.union(v, v)
	}
	for v := range named {
		if a.find(v) == a.find(unknownAlias) {
			for w := range named {
				a.union(w, unknownAlias)
			}
			break
		}
	}
	return a
}

// aliasAssign joins the pointer and the target of pointer assignment s.
func (g *gen) aliasAssign(a aliasOf, s *ast.PointerAssignStmt) {
	p := unknownAlias
	if id, ok := s.Lhs.(*ast.Ident); ok {
		p = g.info.ObjectOf(id)
	}
	if isNull(s.Rhs) {
		if p != unknownAlias {
			a.union(p, p)
		}
		return
	}
	t := g.baseSym(s.Rhs)
	if t == nil || !aliasable(t) {
		t = unknownAlias // a function's result
	}
	a.union(p, t)
}

// aliasArgs joins the pointers passed whole in args, those of call s
// (nil for a function reference), with the unknown targets: the
// procedure may associate them anew, unless their dummies are known
// and not pointers.
func (g *gen) aliasArgs(a aliasOf, args []ast.Expr, s *ast.CallStmt) {
	for _, x := range args {
		if id, ok := argValue(x).(*ast.Ident); ok {
			if v := g.info.ObjectOf(id); v != nil && v.Attrs.Has(sema.AttrPointer) && (s == nil || g.mayReassociate(s, v)) {
				a.union(v, unknownAlias)
			}
		}
	}
}

// aliasSets widens sets, those of steps body, by pointer association.
func (g *gen) aliasSets(body []ast.Stmt, sets *snapshot.Sets) {
	g.modPtrWiden(body, sets) // ptr_module_snap.go
	named := g.bodyUses(body)
	hasAlias := false
	for v := range named {
		if aliasable(v) {
			hasAlias = true
		}
	}
	if !hasAlias {
		return
	}
	a := g.aliasClasses()
	priv := g.stepPointers(body) // snap_exposed.go
	widen := func(s snapshot.Set) {
		classes := map[*sema.Symbol]bool{}
		for v := range s {
			if aliasable(v) { // (a step's pointer too: its targets' values are in the snapshot)
				classes[a.find(v)] = true
			}
		}
		for v := range a {
			if v != unknownAlias && classes[a.find(v)] && (!v.Attrs.Has(sema.AttrPointer) || named[v]) && !priv[v] {
				s[v] = true
			}
		}
	}
	widen(sets.OutC)
	widen(sets.UseC)
	for v := range priv {
		delete(sets.Req, v) // (store-all: all the step defines) nothing after the loop names it
	}
	for v := range g.associatedAnew(body) {
		if priv[v] {
			continue
		}
		// In every snapshot: the record of a step reads the
		// association it starts from (pointer_replay.go pushes it).
		sets.OutC[v], sets.UseC[v] = true, true
	}
}

// associatedAnew returns the pointers whose association statements
// list may change: by pointer assignment, ALLOCATE, DEALLOCATE or
// NULLIFY, or passed whole to a procedure.
func (g *gen) associatedAnew(list []ast.Stmt) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	add := func(x ast.Expr) {
		if c, ok := x.(*ast.CallExpr); ok {
			x = c.Fun // allocate(p(n))
		}
		if id, ok := argValue(x).(*ast.Ident); ok {
			if v := g.info.ObjectOf(id); v != nil && v.Attrs.Has(sema.AttrPointer) {
				out[v] = true
			}
		}
	}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.PointerAssignStmt:
			add(n.Lhs)
		case *ast.AllocateStmt:
			for _, o := range n.Objects {
				add(o)
			}
		case *ast.CallStmt:
			for _, x := range n.Args {
				if id, ok := argValue(x).(*ast.Ident); ok && g.mayReassociate(n, g.info.ObjectOf(id)) {
					add(x)
				}
			}
		case *ast.CallExpr:
			if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				for _, x := range n.Args {
					add(x)
				}
			}
		}
		return true
	})
	return out
}

// coveredPointer reports whether pointer v, whose association the steps
// body keep, needs no values of its own in a snapshot holding set:
// every target the routine may associate it with (null() aside) is a
// whole variable in set, restored under its own name. A pointer with a
// target the routine does not show, or one it allocates, is saved
// through itself (snap_pointer.go).
func (g *gen) coveredPointer(v *sema.Symbol, body []ast.Stmt, set snapshot.Set) bool {
	if !v.Attrs.Has(sema.AttrPointer) || g.pa.Unit == nil || g.associatedAnew(body)[v] || g.allocatesPointer(v) {
		return false
	}
	a := g.aliasClasses()
	if a.find(v) == a.find(unknownAlias) {
		return false
	}
	covered := true
	ast.Inspect(g.pa.Unit, func(n ast.Node) bool {
		if s, ok := n.(*ast.PointerAssignStmt); ok {
			if id, ok := s.Lhs.(*ast.Ident); ok && g.info.ObjectOf(id) == v && !isNull(s.Rhs) {
				t := g.baseSym(s.Rhs)
				covered = covered && t != nil && !t.Attrs.Has(sema.AttrPointer) && set[t]
			}
		}
		return covered
	})
	return covered
}

// allocatesPointer reports whether the routine ALLOCATEs or
// DEALLOCATEs pointer v: its target is then no variable of it (a call
// passing it whole puts it with the unknown targets, aliasClasses).
func (g *gen) allocatesPointer(v *sema.Symbol) bool {
	found := false
	ast.Inspect(g.pa.Unit, func(n ast.Node) bool {
		if s, isAlloc := n.(*ast.AllocateStmt); isAlloc && s.Keyword != "nullify" {
			for _, o := range s.Objects {
				if c, isCall := o.(*ast.CallExpr); isCall {
					o = c.Fun
				}
				if id, isID := o.(*ast.Ident); isID && g.info.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
