package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Elemental procedures. The adjoint f_b of an elemental procedure f is
// declared IMPURE ELEMENTAL (F2008): its dummies are f's scalars and
// their adjoints, so a reference with array arguments (`r = rho(t, s)`,
// `call limit(q, f)`) is reversed by one call of f_b with the same arrays
// and their adjoints, which runs f_b element by element in array element
// order. Each element's f_b records and pops its own tape segment (joint
// reversal), so the order does not matter; IMPURE lets it push on the
// tape and call other adjoints. Split reversal (f_fwd over the elements,
// later f_bwd over them in the same order) would pop the segments in the
// wrong order: it is rejected with array arguments. So is an active
// scalar argument beside array ones: its adjoint is the sum of the
// elements' adjoints, which an elemental INTENT(INOUT) dummy cannot take.

// isElemental reports whether u is declared ELEMENTAL.
func isElemental(u *ast.Unit) bool {
	for _, k := range u.Prefix {
		if k.Name == "elemental" {
			return true
		}
	}
	return false
}

// elementalPrefix returns the prefix keywords IMPURE ELEMENTAL of the
// adjoint of u if u is elemental.
func elementalPrefix(u *ast.Unit) []*ast.Keyword {
	if !isElemental(u) {
		return nil
	}
	return []*ast.Keyword{{KwPos: u.Pos(), Name: "impure"}, {KwPos: u.Pos(), Name: "elemental"}}
}

// elementalArrayRef checks a reference of procedure callee with actual
// arguments actuals (nil for an absent one): an elemental procedure with
// an array argument must be reversed jointly, and each active dummy must
// get an array.
func (g *gen) elementalArrayRef(callee *activity.ProcActivity, fun ast.Expr, actuals []ast.Expr, split bool) error {
	u := callee.Unit
	if !isElemental(u) {
		return nil
	}
	array := false
	for _, a := range actuals {
		array = array || a != nil && g.info.Rank(a) > 0
	}
	if !array {
		return nil
	}
	if split {
		return notSupported("reference of elemental procedure '%s' with array arguments reversed with calls: split", exprString(fun))
	}
	cs := g.info.ScopeOf(u)
	for i, a := range actuals {
		if a == nil || i >= len(u.Args) || cs == nil {
			continue
		}
		ds := cs.LookupLocal(u.Args[i].Lower())
		if ds != nil && inPattern(callee, ds) && g.info.Rank(a) == 0 {
			return notSupported("active scalar argument '%s' of elemental procedure '%s' referenced with array arguments in reverse mode", exprString(a), exprString(fun))
		}
	}
	return nil
}
