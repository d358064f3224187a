package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// CLASS dummies whose dynamic type the program fixes.
//
// Model frameworks drive a concrete model through procedures of its base
// type: `type(ocean_model) :: m; call m%run(dt)`, `run` inherited from
// base_model with a `class(base_model)` passed object through which it
// calls `step`, which ocean_model overrides. The binding of
// `self%step()` is bound at run time, but the program is whole: when
// every reference to run passes `self` an actual of one type T (TYPE(T),
// CLASS of a type nothing extends, or a dummy itself fixed to T), the
// dynamic type is T and the binding is T's (ocean_step). StaticBindings
// then resolves it statically, gives the dummy TYPE(T) and records it in
// Info.DynType: generated code declares it, and its derivative,
// CLASS(T), which its callers pass (the derivative procedures are called
// only by generated code). A dummy reached by actuals of several types
// stays polymorphic and is rejected where active.

// knownDynamic returns the CLASS(t) dummies (t extended, not POINTER or
// ALLOCATABLE) of procedures with a body that every reference of the
// program passes an actual of one type T, with T.
func knownDynamic(info *Info, extended map[*Symbol]bool) map[*Symbol]*Symbol {
	type site struct {
		proc *Symbol
		args []ast.Expr
	}
	var sites []site
	add := func(fun ast.Expr, args []ast.Expr, c Call) {
		if c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Unit != nil {
			sites = append(sites, site{c.Proc, withPassed(fun, args, c)})
		}
	}
	for st, c := range info.CallStmts {
		add(st.Name, st.Args, c)
	}
	for e, c := range info.Calls {
		if c.Kind == FunctionCall {
			add(e.Fun, e.Args, c)
		}
	}
	dead, dyn := map[*Symbol]bool{}, map[*Symbol]*Symbol{}
	for round := 0; round < 32; round++ {
		changed, pending := false, map[*Symbol]bool{}
		for _, s := range sites {
			for _, d := range s.proc.Proc.Args {
				if d == nil || dead[d] || d.Type == nil || !d.Type.Class || d.Type.Derived == nil || !extended[d.Type.Derived] ||
					d.Attrs.Has(AttrPointer) || d.Attrs.Has(AttrAllocatable) {
					continue
				}
				t, wait := concreteType(info, actualOf(d, s.args), extended, dyn, dead)
				switch {
				case wait:
					pending[d] = true
				case t == nil || (dyn[d] != nil && dyn[d] != t) || (t != d.Type.Derived && !extends(t, d.Type.Derived)):
					dead[d], changed = true, true
					delete(dyn, d)
				case dyn[d] == nil:
					dyn[d], changed = t, true
				}
			}
		}
		if !changed {
			for d := range pending {
				delete(dyn, d)
			}
			return dyn
		}
	}
	return nil
}

// concreteType returns the dynamic type of actual a if the program fixes
// it: its declared type if not polymorphic, that of a dummy in dyn; wait
// if a is a dummy not yet decided.
func concreteType(info *Info, a ast.Expr, extended map[*Symbol]bool, dyn map[*Symbol]*Symbol, dead map[*Symbol]bool) (t *Symbol, wait bool) {
	at := info.TypeOf(a)
	switch {
	case a == nil || at == nil || at.Derived == nil:
		return nil, false
	case !at.Class || !extended[at.Derived]:
		return at.Derived, false
	}
	id, ok := a.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v := info.Uses[id]
	if v == nil || dead[v] || !v.IsDummy() {
		return nil, false
	}
	return dyn[v], dyn[v] == nil
}

// dynTarget returns the binding that binding b, referenced through
// object x, is bound to when x is a dummy whose dynamic type the program
// fixes (see above), nil otherwise.
func (info *Info) dynTarget(x ast.Expr, b *Symbol) *Symbol {
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v := info.Uses[id]
	t := info.dynKnown[v]
	if t == nil {
		return nil
	}
	tb := t.Binding(b.Name)
	if tb == nil || tb.Kind != BindingSym || tb.Attrs.Has(AttrDeferred) || bindingTarget(tb) == nil {
		return nil
	}
	if info.dynUsed == nil {
		info.dynUsed = map[*Symbol]bool{}
	}
	info.dynUsed[v] = true
	return tb
}

// fixDynamic gives the dummies of dyn through which a reference was
// resolved (used) TYPE(T), records them as MonoClass and those whose T
// is not their declared type in Info.DynType.
func fixDynamic(info *Info) {
	passedOn(info)
	for d, t := range info.dynKnown {
		if !info.dynUsed[d] || info.MonoClass[d] || !d.Type.Class {
			continue
		}
		nt := *d.Type
		nt.Class, nt.Derived = false, t
		if t != d.Type.Derived {
			if info.DynType == nil {
				info.DynType = map[*Symbol]*Symbol{}
			}
			info.DynType[d] = t
		}
		d.Type = &nt
		if info.MonoClass == nil {
			info.MonoClass = map[*Symbol]bool{}
		}
		info.MonoClass[d] = true
	}
}

// dynResolved records the plain designator of a reference resolved
// through a fixed dynamic type.
func (info *Info) dynResolved(fun ast.Expr) {
	if info.dynCalls == nil {
		info.dynCalls = map[ast.Expr]bool{}
	}
	info.dynCalls[fun] = true
}

// dynSites makes the call graph's sites of the references resolved
// through a fixed dynamic type calls of the procedures they resolve to.
func dynSites(info *Info) {
	g := info.CallGraph
	if len(info.dynCalls) == 0 || g == nil {
		return
	}
	for _, n := range g.Nodes {
		for i, s := range n.Sites {
			var c Call
			switch {
			case s.Stmt != nil && info.dynCalls[s.Stmt.Name]:
				c = info.CallStmts[s.Stmt]
			case s.Expr != nil && info.dynCalls[s.Expr.Fun]:
				c = info.Calls[s.Expr]
			default:
				continue
			}
			if c.Proc != nil {
				n.Sites[i].Callee = g.node(c.Proc)
			}
		}
	}
	for _, n := range g.Nodes {
		n.Callees, n.Callers = nil, nil
	}
	g.finish()
}

// passedOn marks used the dummies of info.dynKnown fixed to an extension
// of their declared type that are passed to a used dummy fixed to one
// (`call advance(self, dt)`, advance calling self%step): the procedure's
// derivatives pass their TYPE(T) object on, and go with the other's.
func passedOn(info *Info) {
	for changed := true; changed; {
		changed = false
		mark := func(fun ast.Expr, args []ast.Expr, c Call) {
			if c.Proc == nil || c.Proc.Proc == nil {
				return
			}
			for _, d := range c.Proc.Proc.Args {
				if d == nil || !info.dynUsed[d] || info.dynKnown[d] == d.Type.Derived {
					continue
				}
				id, ok := actualOf(d, withPassed(fun, args, c)).(*ast.Ident)
				if !ok {
					continue
				}
				v := info.Uses[id]
				if t := info.dynKnown[v]; t != nil && !info.dynUsed[v] && t != v.Type.Derived {
					info.dynUsed[v], changed = true, true
				}
			}
		}
		for st, c := range info.CallStmts {
			mark(st.Name, st.Args, c)
		}
		for e, c := range info.Calls {
			if c.Kind == FunctionCall {
				mark(e.Fun, e.Args, c)
			}
		}
	}
}
