package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived types (docs/derivedtypes.md). The derivative of a variable of
// derived type t is a variable of the same type t: p_d (tangent) or p_b
// (adjoint) holds in each real or complex component the derivative of
// that component of p; its integer, logical and character components are
// never read. So the derivative of a component reference is the same
// reference with its base variable renamed (p%a(i) -> p_d%a(i), u(i)%v ->
// u_b(i)%v), nested types and arrays of types need nothing more, and a
// derived-type actual argument passes its derivative as one argument.

// IsDerived reports whether t is TYPE(name) (not CLASS).
func IsDerived(t *sema.Type) bool {
	return t != nil && t.IsDerived() && !t.Class && t.Derived != nil
}

// HasFloat reports whether t is real or complex or a derived type with a
// real or complex component (at any depth).
func HasFloat(t *sema.Type) bool {
	return hasFloat(t, 0)
}

func hasFloat(t *sema.Type, depth int) bool {
	switch {
	case t == nil:
		return false
	case t.IsFloat():
		return true
	case !t.IsDerived() || t.Derived == nil || depth > 8:
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && hasFloat(c.Type, depth+1) {
			return true
		}
	}
	return false
}

// HasComplex reports whether derived type t has a complex component (at
// any depth).
func HasComplex(t *sema.Type) bool {
	return hasComplex(t, 0)
}

func hasComplex(t *sema.Type, depth int) bool {
	switch {
	case t == nil:
		return false
	case t.IsComplex():
		return true
	case !t.IsDerived() || t.Derived == nil || depth > 8:
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && hasComplex(c.Type, depth+1) {
			return true
		}
	}
	return false
}

// DerivedType returns the type spec of the derivative of a variable of
// derived type t: TYPE(t) itself.
func DerivedType(t *sema.Type) *ast.TypeSpec {
	return &ast.TypeSpec{Kind: ast.Derived, Name: ast.NewIdent(t.Derived.Name)}
}

// CheckDerived returns an error for the derived types whose derivative
// fadj does not build yet: CLASS, and real or complex data under a
// POINTER or ALLOCATABLE component.
func CheckDerived(t *sema.Type) error {
	if err := Polymorphic(t, "variable"); err != nil {
		return err
	}
	return checkComponents(t.Derived, 0, scalarUnder)
}

// Polymorphic returns the error for an active what (variable, dummy) of
// CLASS type t, nil for another type: sema.StaticBindings leaves CLASS
// only on the variables of types the program extends through which a
// binding is bound at run time or that SELECT TYPE selects (select_type.go),
// or which are not dummies, or INTENT(OUT)
// dummies of a type whose extensions add components passed a polymorphic
// actual (sema/oop_static.go, oop_outclass.go).
func Polymorphic(t *sema.Type, what string) error {
	switch {
	case t == nil || !t.Class:
		return nil
	case t.Derived == nil:
		return notSupported("active CLASS(*) %s", what)
	}
	return notSupported("active polymorphic %s of CLASS(%s), a type the program extends (a binding an extension overrides is called through it, SELECT TYPE selects it, or INTENT(OUT) resets the components an extension adds to a polymorphic actual)", what, t.Derived.Name)
}

// checkComponents checks the components of ts, nested depth deep in the
// variable's type, all the way through scalar components if under is
// scalarUnder (an ALLOCATABLE real component there is supported:
// AllocPaths), through array components of derived type if elemUnder
// (derived_elems.go).
func checkComponents(ts *sema.Symbol, depth int, under partKind) error {
	if depth > 8 {
		return notSupported("derived type '%s' nested more than 8 levels deep", ts.Name)
	}
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || !HasFloat(c.Type) {
			continue
		}
		switch {
		case c.Attrs.Has(sema.AttrPointer):
			if err := checkPointerComponent(ts, c, under == scalarUnder); err != nil { // ptrcomp.go
				return err
			}
		case c.Type.IsDerived() && (c.Type.Class || c.Type.Derived == nil):
			// (Before ALLOCATABLE: `class(base_t), allocatable :: m` is
			// rejected for being polymorphic.)
			return notSupported("active CLASS component '%s%%%s' (polymorphic: the bindings called through it are bound at run time)", ts.Name, c.Name)
		case c.Attrs.Has(sema.AttrAllocatable) && under == otherUnder && allocLeaf(c):
			return notSupported("active ALLOCATABLE component '%s%%%s' of the elements of an array, ALLOCATABLE or POINTER component", ts.Name, c.Name)
		case c.Attrs.Has(sema.AttrAllocatable) && (under == otherUnder || !allocLeaf(c)):
			// (Real ones through scalar components: AllocPaths.)
			return notSupported("active ALLOCATABLE component '%s%%%s'", ts.Name, c.Name)
		case c.Attrs.Has(sema.AttrAllocatable):
			// (A flat or layered type: dtype_alloc_comp.go, derived_layers.go.)
		case c.Type.IsDerived():
			if c.Type.Class || c.Type.Derived == nil {
				return notSupported("active CLASS component '%s%%%s'", ts.Name, c.Name)
			}
			if err := checkComponents(c.Type.Derived, depth+1, under.through(c)); err != nil {
				return err
			}
		}
	}
	return nil
}

// AllocComponents returns the ALLOCATABLE real components of derived
// type t (at its top level: CheckDerived rejects deeper ones). The
// derivative's component is allocated exactly when the variable's is,
// with its bounds.
func AllocComponents(t *sema.Type) []*sema.Symbol {
	if !IsDerived(t) {
		return nil
	}
	var out []*sema.Symbol
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && allocLeaf(c) {
			out = append(out, c)
		}
	}
	return out
}

// InitsFloat reports whether derived type t gives a real or complex
// component (at any depth) a default initialisation: the derivative of a
// module variable of t, of the same type, would start at that value.
func InitsFloat(t *sema.Type) bool {
	return initsFloat(t, 0)
}

func initsFloat(t *sema.Type, depth int) bool {
	if t == nil || !t.IsDerived() || t.Derived == nil || depth > 8 {
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind != sema.ComponentSym || !HasFloat(c.Type) {
			continue
		}
		if c.Init != nil && !c.Attrs.Has(sema.AttrPointer) || initsFloat(c.Type, depth+1) { // (=> null(): ptrcomp.go)
			return true
		}
	}
	return false
}

// ZeroDerived returns the statements that zero the real and complex
// components of ref, a derivative of derived type ts and of rank rank:
// ref%a = 0 for each of them (ForLeaves). newIndex declares a new integer
// loop index.
func ZeroDerived(ref ast.Expr, rank int, ts *sema.Symbol, newIndex func() *ast.Ident) []ast.Stmt {
	return ForLeaves([]ast.Expr{ref}, rank, ts, newIndex, func(l []ast.Expr, t *sema.Type) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: l[0], Rhs: deriv.Const("0", t)}}
	})
}

// ForLeaves returns the statements f builds for each real or complex
// component of refs, parallel references of derived type ts and rank
// rank (p_b and q_b for p = q): f gets the component of each (p_b%a,
// q_b%a) and its type. Where a component is itself an array or lies
// under one, the statements run inside DO loops over the elements of
// refs (Fortran allows only one part of a reference to have a nonzero
// rank).
func ForLeaves(refs []ast.Expr, rank int, ts *sema.Symbol, newIndex func() *ast.Ident, f func([]ast.Expr, *sema.Type) []ast.Stmt) []ast.Stmt {
	if rank > 0 && hasArrayPart(ts, 0) {
		// One loop nest over the elements for the whole type.
		var idx []ast.Expr
		var loops []*ast.DoConstruct
		for k := rank; k >= 1; k-- {
			i := newIndex()
			bound := func(fn string) ast.Expr {
				return &ast.CallExpr{Fun: ast.NewIdent(fn), Args: []ast.Expr{ast.Clone(refs[0]), deriv.Int(k)}}
			}
			loops = append(loops, &ast.DoConstruct{Var: i, Start: bound("lbound"), Stop: bound("ubound"), End: ast.EndStmt{Keyword: "do"}})
			// Column-major: the first subscript innermost.
			idx = append([]ast.Expr{ast.NewIdent(i.Name)}, idx...)
		}
		els := make([]ast.Expr, len(refs))
		for j, r := range refs {
			els[j] = &ast.CallExpr{Fun: ast.Clone(r), Args: cloneAll(idx)}
		}
		return nest(loops, ForLeaves(els, 0, ts, newIndex, f))
	}
	var out []ast.Stmt
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || !HasFloat(c.Type) {
			continue
		}
		subs := make([]ast.Expr, len(refs))
		for j, r := range refs {
			subs[j] = &ast.SelectorExpr{X: ast.Clone(r), Sel: ast.NewIdent(c.Name)}
		}
		if c.Type.IsFloat() {
			st := f(subs, c.Type)
			if OwnedArray(c) && len(st) > 0 {
				// Allocated with the variable's (AllocComponents).
				st = []ast.Stmt{If(Status(ast.Clone(subs[0]), c), st...)}
			}
			out = append(out, st...)
			continue
		}
		st := ForLeaves(subs, rank+len(c.Dims), c.Type.Derived, newIndex, f)
		if OwnedArray(c) && len(st) > 0 { // (dtype_alloc_comp.go)
			st = []ast.Stmt{If(Status(ast.Clone(subs[0]), c), st...)}
		}
		out = append(out, st...)
	}
	return out
}

func cloneAll(list []ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(list))
	for i, x := range list {
		out[i] = ast.Clone(x)
	}
	return out
}

// hasArrayPart reports whether a real or complex component of ts lies
// under or is an array component.
func hasArrayPart(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym || !HasFloat(c.Type) {
			continue
		}
		if len(c.Dims) > 0 || (c.Type.IsDerived() && c.Type.Derived != nil && depth < 8 && hasArrayPart(c.Type.Derived, depth+1)) {
			return true
		}
	}
	return false
}

// nest puts body inside loops, outermost first.
func nest(loops []*ast.DoConstruct, body []ast.Stmt) []ast.Stmt {
	for k := len(loops) - 1; k >= 0; k-- {
		loops[k].Body = body
		body = []ast.Stmt{loops[k]}
	}
	return body
}

// Part is one component of a structure constructor: the expression
// given for it, nil if the constructor omits it (its default
// initialisation applies).
type Part struct {
	Comp *sema.Symbol
	Expr ast.Expr
}

// ConstructorParts returns the components of structure constructor x,
// of derived type ts, with the expressions given for them, positionally
// or by keyword.
func ConstructorParts(x *ast.CallExpr, ts *sema.Symbol) ([]Part, error) {
	var comps []*sema.Symbol
	for _, c := range ts.Components {
		if c.Kind == sema.ComponentSym {
			comps = append(comps, c)
		}
	}
	parts := make([]Part, len(comps))
	for i, c := range comps {
		parts[i].Comp = c
	}
	for i, a := range x.Args {
		kw, ok := a.(*ast.KeywordArg)
		if !ok {
			if i >= len(parts) {
				return nil, notSupported("structure constructor of '%s' with more values than components", ts.Name)
			}
			parts[i].Expr = a
			continue
		}
		found := false
		for j := range parts {
			if parts[j].Comp.Name == kw.Name.Lower() {
				parts[j].Expr, found = kw.Value, true
			}
		}
		if !found {
			return nil, notSupported("structure constructor of '%s' naming component '%s'", ts.Name, kw.Name.Name)
		}
	}
	return parts, nil
}
