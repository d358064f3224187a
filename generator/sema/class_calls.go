package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Type-bound procedures without polymorphism, for the differentiators.
//
// Models written in modern Fortran step a state through type-bound
// procedures (`call s%step(dt)`, `procedure :: step => state_step`)
// whose passed-object dummy is `class(state)`, while no type of the
// program extends `state`: every binding is then known statically.
// StaticBindings rewrites such references into plain ones, `call
// state_step(s, dt)`, the object passed as the dummy the binding passes
// it to, and gives a CLASS(t) variable of a type t that nothing extends
// the type TYPE(t) (they behave alike), so that the generators
// differentiate them like TYPE(state). A reference stays as it is (and
// the generators reject it at its position if it is active) when the
// object is polymorphic (CLASS of a type with an extension), the
// procedure is not accessible by its name where it is referenced, or the
// binding is generic or deferred. A CLASS dummy that SELECT TYPE selects
// stays CLASS (select_type.go).
//
// The procedure of a binding is often PRIVATE to its module, which
// generated code elsewhere cannot name: Rebound spells each plain
// reference StaticBindings made in generated code as a type-bound one
// again (`call glacier_step(g, dt)` as `call g%step(dt)`), the same
// procedure.

// StaticBindings rewrites the program's references to type-bound
// procedures whose binding is static (see above).
func StaticBindings(prog *Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	info := prog.Info
	extended, dispatched := extendedTypes(info), map[*Symbol]bool{}
	lowerLocality(prog)                          // DO CONCURRENT locality specifiers as copies: conc_locality.go
	info.dynKnown = knownDynamic(info, extended) // oop_dyntype.go
	dispatchUnits(prog, extended)                // references bound at run time as IFs over the types: oop_dispatch.go
	for _, f := range prog.Files {
		for _, u := range f.Units {
			staticUnit(info, u, extended, dispatched)
		}
	}
	selectedClass(prog, dispatched)       // select_type.go: SELECT TYPE selectors stay CLASS
	fixDynamic(info)                      // oop_dyntype.go
	monoClass(info, extended, dispatched) // oop_static.go
	dynSites(info)                        // oop_dyntype.go
	unboundSites(info)
	markStateless(info)
	for _, s := range info.Defs {
		if s != nil && s.Kind == VarSym && s.Type != nil && s.Type.Class && s.Type.Derived != nil && !extended[s.Type.Derived] {
			t := *s.Type
			t.Class = false
			s.Type = &t
		}
	}
}

// extendedTypes returns the derived types that some type of the program
// extends.
func extendedTypes(info *Info) map[*Symbol]bool {
	out := map[*Symbol]bool{}
	for _, s := range info.Defs {
		if s != nil && s.Kind == TypeSym {
			for p := s.Parent; p != nil && !out[p]; p = p.Parent {
				out[p] = true
			}
		}
	}
	return out
}

func staticUnit(info *Info, u *ast.Unit, extended, dispatched map[*Symbol]bool) {
	for _, p := range u.Procs {
		staticUnit(info, p, extended, dispatched)
	}
	sc := info.ScopeOf(u)
	if sc == nil || len(u.Body) == 0 {
		return
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallStmt:
			if c, ok := info.CallStmts[n]; ok {
				if name, args, ok := staticCall(info, sc, n.Name, n.Args, c, extended, dispatched); ok {
					n.Name, n.Args = name, args
					info.CallStmts[n] = Call{Kind: c.Kind, Proc: info.Uses[name.(*ast.Ident)], Type: c.Type, Rank: c.Rank}
				} else if info.Dispatched[n.Name] {
					info.CallStmts[n] = unbound(c) // oop_static.go
				}
			}
		case *ast.CallExpr:
			if c, ok := info.Calls[n]; ok {
				if name, args, ok := staticCall(info, sc, n.Fun, n.Args, c, extended, dispatched); ok {
					n.Fun, n.Args = name, args
					info.Calls[n] = Call{Kind: c.Kind, Proc: info.Uses[name.(*ast.Ident)], Type: c.Type, Rank: c.Rank}
				} else if info.Dispatched[n.Fun] {
					info.Calls[n] = unbound(c) // oop_static.go
				}
			}
		}
		return true
	})
}

// staticCall returns the plain form of reference obj%b(args) to the
// specific binding b resolved to c.Proc: the procedure's name and the
// arguments with obj inserted where the binding passes it. A polymorphic
// obj whose binding some extension overrides is dispatched (oop_static.go).
func staticCall(info *Info, sc *Scope, fun ast.Expr, args []ast.Expr, c Call, extended, dispatched map[*Symbol]bool) (ast.Expr, []ast.Expr, bool) {
	sel, ok := fun.(*ast.SelectorExpr)
	b, dyn := c.Local, false
	if ok && b != nil && b.Kind == BindingSym && b.Attrs.Has(AttrDeferred) {
		if tb := info.dynTarget(sel.X, b); tb != nil {
			b, c.Proc, dyn = tb, bindingTarget(tb), true // (a deferred binding: oop_dyntype.go)
		} else if tb := soleBinding(info, b); tb != nil {
			b, c.Proc, dyn = tb, bindingTarget(tb), true // (one implementation: oop_sole.go)
		} else {
			dispatched[objectVar(info, sel.X)] = true
			info.dispatch(fun)
			return nil, nil, false // bound at run time
		}
	}
	if !ok || b == nil || b.Kind != BindingSym || b.Attrs.Has(AttrDeferred) || c.Proc == nil || bindingTarget(b) != c.Proc {
		return nil, nil, false
	}
	ot := info.TypeOf(sel.X)
	p := c.Proc
	if ot == nil || ot.Derived == nil || (ot.Class && extended[ot.Derived] && overridden(info, b)) {
		if tb := info.dynTarget(sel.X, b); tb != nil && ot != nil && ot.Derived != nil {
			b, p = tb, bindingTarget(tb) // (the dynamic type is fixed: oop_dyntype.go)
			dyn = true
		} else {
			dispatched[objectVar(info, sel.X)] = true
			if ot != nil && ot.Derived != nil {
				info.dispatch(fun)
			}
			return nil, nil, false // polymorphic: the binding is dynamic
		}
	}
	nopass := b.Attrs.Has(AttrNoPass)
	if p.Proc == nil || p.Proc.Unit == nil || (nopass && sc.Lookup(p.Name) != p) {
		return nil, nil, false
	}
	id := ast.NewIdent(p.Name)
	id.NamePos = sel.Sel.NamePos
	info.Uses[id] = p
	if dyn {
		info.dynResolved(id)
	}
	if nopass {
		return id, args, true
	}
	at := passPosition(p, b.passArg, args)
	if !info.rebind(p, b.Name, at) || (sc.Lookup(p.Name) != p && !rebindable(sel.X)) {
		return nil, nil, false // (generated code could not name p)
	}
	return id, insertAt(args, at, sel.X), true
}

// Rebinding is how generated code spells a reference to a procedure
// StaticBindings made plain: the binding's name, and the position of
// the passed object among the arguments.
type Rebinding struct {
	Binding string
	Pass    int
}

// rebind records that procedure p is referenced through binding b with
// the object at position at, and reports whether generated code can
// spell its references so: not when another procedure of the same name,
// or another binding, or another position, claims the name.
func (info *Info) rebind(p *Symbol, b string, at int) bool {
	if info.Rebind == nil {
		info.Rebind = map[string]Rebinding{}
		info.rebound = map[string]*Symbol{}
	}
	key, r := strings.ToLower(p.Name), Rebinding{Binding: b, Pass: at}
	if prev, ok := info.Rebind[key]; ok {
		return prev == r && info.rebound[key] == p
	}
	info.Rebind[key], info.rebound[key] = r, p
	return true
}

// Rebound spells, in generated file f, the plain references that
// StaticBindings made as type-bound ones again (see above), where the
// passed object is a variable or a component.
func (info *Info) Rebound(f *ast.File) {
	if info == nil || len(info.Rebind) == 0 {
		return
	}
	for _, u := range f.Units {
		info.reboundUnit(u)
	}
}

func (info *Info) reboundUnit(u *ast.Unit) {
	ast.Inspect(u, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.CallStmt:
			x.Name, x.Args = info.rebound1(x.Name, x.Args)
		case *ast.CallExpr:
			x.Fun, x.Args = info.rebound1(x.Fun, x.Args)
		}
		return true
	})
}

func (info *Info) rebound1(fun ast.Expr, args []ast.Expr) (ast.Expr, []ast.Expr) {
	id, ok := fun.(*ast.Ident)
	if !ok {
		return fun, args
	}
	r, ok := info.Rebind[id.Lower()]
	if !ok || r.Pass >= len(args) {
		return fun, args
	}
	if !rebindable(args[r.Pass]) {
		return fun, args
	}
	sel := &ast.SelectorExpr{X: args[r.Pass], Sel: ast.NewIdent(r.Binding)}
	rest := append(append([]ast.Expr{}, args[:r.Pass]...), args[r.Pass+1:]...)
	return sel, rest
}

// passPosition returns where the passed object goes among the actual
// arguments args of a reference to procedure p bound with PASS(arg) (arg
// "" for the first dummy): at the position of its dummy, unless keyword
// arguments come before it (then first; the checks of the call report
// the mismatch).
func passPosition(p *Symbol, arg string, args []ast.Expr) int {
	if arg == "" || p.Proc == nil || p.Proc.Unit == nil {
		return 0
	}
	at := 0
	for i, a := range p.Proc.Unit.Args {
		if a.Lower() == arg {
			at = i
		}
	}
	if at > len(args) {
		return 0
	}
	for _, a := range args[:at] {
		if _, kw := a.(*ast.KeywordArg); kw {
			return 0
		}
	}
	return at
}

// insertAt returns a copy of list with x inserted at position i.
func insertAt[T any](list []T, i int, x T) []T {
	out := make([]T, 0, len(list)+1)
	return append(append(append(out, list[:i]...), x), list[i:]...)
}

// withPassed returns the arguments of reference fun(args), resolved to
// c, with the passed object where the binding passes it when fun is a
// type-bound procedure obj%b: the arguments of its procedure.
func withPassed(fun ast.Expr, args []ast.Expr, c Call) []ast.Expr {
	sel, ok := fun.(*ast.SelectorExpr)
	b := c.Local
	if !ok || b == nil || b.Kind != BindingSym || b.Attrs.Has(AttrNoPass) || c.Proc == nil || bindingTarget(b) != c.Proc {
		return args
	}
	return insertAt(args, passPosition(c.Proc, b.passArg, args), sel.X)
}

// rebindable reports whether object x can be spelled before %binding in
// generated code: a variable or a component (an array element could be
// a function reference there, which the code cannot tell).
func rebindable(x ast.Expr) bool {
	switch x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		return true
	}
	return false
}
