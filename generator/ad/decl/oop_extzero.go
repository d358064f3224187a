package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// INTENT(OUT) CLASS dummies of a type the program extends (the `init`
// pattern: `class(base_state), intent(out) :: self`, called with a
// `type(ice_state)` actual). INTENT(OUT) default-initialises the
// components the actual's type adds (or leaves them undefined), unseen
// by the procedure and its derivatives: their derivatives are zero after
// the call. The caller, which knows the actual's type
// (sema/oop_outclass.go), zeroes them in the actual's derivative after
// the tangent call, and before the adjoint call in the backward sweep.

// ExtOutZeros returns the zeroing of the derivatives of the components
// the actuals of call args add to the types of the callee's INTENT(OUT)
// CLASS dummies (the callee's scope cs, dummy names names); shadow
// gives an actual's derivative (nil: none, it is passive).
func ExtOutZeros(info *sema.Info, cs *sema.Scope, names []*ast.Ident, args []ast.Expr, shadow func(ast.Expr) ast.Expr, newIndex func() *ast.Ident) []ast.Stmt {
	var out []ast.Stmt
	for i, n := range names {
		d := cs.LookupLocal(n.Lower())
		if d == nil || !info.MonoClass[d] || d.Intent != ast.IntentOut {
			continue
		}
		a := actualOf(n.Lower(), i, args)
		at := info.TypeOf(a)
		if a == nil || at == nil || at.Derived == nil || at.Derived == d.Type.Derived {
			continue
		}
		part := &sema.Symbol{Name: at.Derived.Name, Kind: sema.TypeSym}
		for _, c := range at.Derived.Components {
			if c.Kind == sema.ComponentSym && HasFloat(c.Type) && d.Type.Derived.Component(c.Name) == nil {
				part.Components = append(part.Components, c)
			}
		}
		if x := shadow(a); x != nil && len(part.Components) > 0 {
			out = append(out, ZeroDerived(x, 0, part, newIndex)...)
		}
	}
	return out
}

// actualOf returns the actual argument of the i-th dummy, name, among
// args (keyword or positional), nil if absent.
func actualOf(name string, i int, args []ast.Expr) ast.Expr {
	for _, a := range args {
		if kw, ok := a.(*ast.KeywordArg); ok && kw.Name != nil && kw.Name.Lower() == name {
			return kw.Value
		}
	}
	if i < len(args) {
		if _, kw := args[i].(*ast.KeywordArg); !kw {
			return args[i]
		}
	}
	return nil
}
