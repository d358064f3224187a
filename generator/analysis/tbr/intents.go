package tbr

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// neverDefines reports whether the callee with body p defines its i-th
// actual argument (named name if a keyword argument) neither itself nor
// through its callees (sema's effective intents): an F77 dummy has no
// INTENT, and a call recorded and restored such an argument around it,
// which for a dummy of the caller associated with a constant (call
// rkdumb(y0, 3, ...) passing nvar on to rk4) wrote into the constant.
func (a *analyzer) neverDefines(p *sema.Proc, i int, name string) bool {
	if p == nil || p.Unit == nil {
		return false
	}
	d := dummy(p, i, name)
	return d != nil && d.Kind == sema.VarSym && a.info.NeverDefined(d)
}

// effectiveOut reports whether the callee with body p defines dummy d
// before it reads it on every path (sema's effective intent out): the
// callee's adjoint does not read its value on entry, as for a declared
// INTENT(OUT) (an F77 work array the callee fills, der in call
// fcn(n, p, t, v, wa(1)), was recorded whole before each call).
func (a *analyzer) effectiveOut(p *sema.Proc, d *sema.Symbol) bool {
	if p == nil || p.Unit == nil || d.Kind != sema.VarSym {
		return false
	}
	u := a.info.CachedIntents().Of(d)
	return u != nil && u.Effective == ast.IntentOut
}
