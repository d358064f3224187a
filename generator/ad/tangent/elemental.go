package tangent

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Elemental procedures. The tangent f_d of an elemental procedure f is
// declared IMPURE ELEMENTAL (F2008): its dummies are f's scalars and
// their tangents, so a reference with array arguments (`r = rho(t, s)`,
// `call limit(q, f)`) becomes one call of f_d with the same arrays and
// their tangents, element by element; a scalar argument and its tangent
// are broadcast as f's are. IMPURE because f_d calls other tangents,
// which need not be pure.

// elementalPrefix returns the prefix keywords IMPURE ELEMENTAL of the
// tangent of u if u is elemental.
func elementalPrefix(u *ast.Unit) []*ast.Keyword {
	if !hasPrefix(u, "elemental") {
		return nil
	}
	return []*ast.Keyword{{KwPos: u.Pos(), Name: "impure"}, {KwPos: u.Pos(), Name: "elemental"}}
}
