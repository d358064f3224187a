package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Type-bound procedures of extended types whose binding is still static.
//
// Models extend a base type (`type, extends(base_model) :: ocean_model`)
// and inherit most of its procedures, whose passed-object dummy is
// `class(base_model)`. A reference obj%b through such a polymorphic
// object is bound at run time only when some extension of the object's
// declared type overrides b: when none does (an inherited `energy`), its
// procedure is known statically as for a type nothing extends. A CLASS
// dummy through which no reference is bound at run time (no overridden
// binding is called through it; SELECT TYPE is rejected by the parser)
// only reads and writes the components of its declared type, whatever
// the actual's dynamic type: StaticBindings gives it TYPE(t) as well, so
// that the generators differentiate it like one, and records it in
// Info.MonoClass, since its declaration and its derivative's must stay
// CLASS(t) for the callers to pass an extension (a `type(ocean_model)`
// to `class(base_model)`). An INTENT(OUT) one stays CLASS when an
// extension adds components, which it resets unseen, unless the callers
// know the actual's type (oop_outclass.go).

// overridden reports whether some type extending b's type binds b's name
// to another procedure (or b is deferred): a reference to b through a
// polymorphic object is then bound at run time.
func overridden(info *Info, b *Symbol) bool {
	if b.Attrs.Has(AttrDeferred) || b.Parent == nil {
		return true
	}
	target := bindingTarget(b)
	for _, s := range info.Defs {
		if s == nil || s.Kind != TypeSym || s == b.Parent || !extends(s, b.Parent) {
			continue
		}
		if sb := s.Binding(b.Name); sb == nil || sb.Kind != BindingSym || bindingTarget(sb) != target {
			return true
		}
	}
	return false
}

// extends reports whether type s is an extension of type t.
func extends(s, t *Symbol) bool {
	for p := s.Parent; p != nil; p = p.Parent {
		if p == t {
			return true
		}
	}
	return false
}

// objectVar returns the variable at the base of object x (v, v%c, v(i)%c),
// nil if none.
func objectVar(info *Info, x ast.Expr) *Symbol {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return info.Uses[e]
		case *ast.SelectorExpr:
			x = e.X
		case *ast.CallExpr:
			x = e.Fun
		case *ast.ParenExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// markStateless sets Stateless on the derived types without components
// whose extensions have none either: a CLASS object of such a type (a
// strategy object: a limiter, a scheme chosen at set-up) holds nothing
// but its dynamic type.
func markStateless(info *Info) {
	for _, s := range info.Defs {
		if s != nil && s.Kind == TypeSym && len(s.Components) == 0 && !addsComponents(info, s) {
			s.Stateless = true
		}
	}
}

// dispatch records the designator fun of a reference bound at run time.
func (info *Info) dispatch(fun ast.Expr) {
	if info.Dispatched == nil {
		info.Dispatched = map[ast.Expr]bool{}
	}
	info.Dispatched[fun] = true
}

// unbound returns the classification of a reference bound at run time:
// the binding itself, a procedure without a body, which the analyses take
// for an unknown one and the generators reject where the reference is
// active (the procedure of the declared type's binding was differentiated
// in place of the one the object's dynamic type binds: kernel
// class_dispatch).
func unbound(c Call) Call {
	return Call{Kind: c.Kind, Proc: c.Local, Type: c.Type, Rank: c.Rank}
}

// unboundSites makes the call graph's sites of the references bound at
// run time calls of their bindings (see unbound).
func unboundSites(info *Info) {
	g := info.CallGraph
	if len(info.Dispatched) == 0 || g == nil {
		return
	}
	for _, n := range g.Nodes {
		for i, s := range n.Sites {
			var c Call
			switch {
			case s.Stmt != nil && info.Dispatched[s.Stmt.Name]:
				c = info.CallStmts[s.Stmt]
			case s.Expr != nil && info.Dispatched[s.Expr.Fun]:
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

// addsComponents reports whether some extension of type t adds
// components: INTENT(OUT) on a CLASS(t) dummy default-initialises those
// of the actual's dynamic type too, which the callee cannot see.
func addsComponents(info *Info, t *Symbol) bool {
	for _, s := range info.Defs {
		if s != nil && s.Kind == TypeSym && extends(s, t) && len(s.Components) > len(t.Components) {
			return true
		}
	}
	return false
}

// monoClass gives TYPE(t) to the CLASS(t) dummies of extended types t
// through which no reference is dynamic (dispatched), and records them
// in info.MonoClass.
func monoClass(info *Info, extended, dispatched map[*Symbol]bool) {
	for _, s := range info.Defs {
		if s == nil || s.Kind != VarSym || s.Type == nil || !s.Type.Class || s.Type.Derived == nil ||
			!extended[s.Type.Derived] || !s.IsDummy() || dispatched[s] ||
			s.Attrs.Has(AttrPointer) || s.Attrs.Has(AttrAllocatable) ||
			s.Intent == ast.IntentOut && addsComponents(info, s.Type.Derived) && !actualsKnown(info, s, extended) {
			continue
		}
		t := *s.Type
		t.Class = false
		s.Type = &t
		if info.MonoClass == nil {
			info.MonoClass = map[*Symbol]bool{}
		}
		info.MonoClass[s] = true
	}
}
