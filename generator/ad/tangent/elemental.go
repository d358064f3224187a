package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Elemental procedures. The tangent f_d of an elemental module (or
// internal) procedure f is declared IMPURE ELEMENTAL (F2008): its dummies
// are f's scalars and their tangents, so a reference with array
// arguments (`r = rho(t, s)`, `call limit(q, f)`) becomes one call of f_d
// with the same arrays and their tangents, element by element; a scalar
// argument and its tangent are broadcast as f's are. IMPURE because f_d
// calls other tangents, which need not be pure. The tangent of an
// external elemental procedure gets an interface block in each tangent
// calling it (elementalInterface), as an elemental procedure needs an
// explicit interface.

// elementalVersion reports whether the tangent of version pa is
// elemental.
func elementalVersion(pa *activity.ProcActivity) bool {
	if pa == nil || pa.Unit == nil || !hasPrefix(pa.Unit, "elemental") || pa.Proc == nil || pa.Proc.Proc == nil {
		return false
	}
	// The target's own version of an external procedure stays a scalar
	// routine: its callers (the user's code, fadj check's driver) have
	// no interface for it, which an elemental one needs.
	k := pa.Proc.Proc.Kind
	return k == sema.ProcModule || k == sema.ProcInternal || k == sema.ProcExternal && !pa.IsTarget
}

// elementalInterface returns the interface body of generated routine u,
// the tangent of external elemental procedure c, nil if c is not one:
// its callers need it.
func elementalInterface(c *activity.ProcActivity, u *ast.Unit) *ast.Unit {
	if !elementalVersion(c) || c.Proc.Proc.Kind != sema.ProcExternal {
		return nil
	}
	b := decl.InterfaceBody(u)
	if b != nil {
		b.Prefix = u.Prefix
	}
	return b
}

// elementalPrefix returns the prefix keywords IMPURE ELEMENTAL of the
// tangent of version pa if it is elemental.
func elementalPrefix(pa *activity.ProcActivity) []*ast.Keyword {
	if !elementalVersion(pa) {
		return nil
	}
	u := pa.Unit
	return []*ast.Keyword{{KwPos: u.Pos(), Name: "impure"}, {KwPos: u.Pos(), Name: "elemental"}}
}
