package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A function that defines an argument it reads (`u = 0.7*u +
// 0.3*tanh(u); total = 2*tot(u)`, u INTENT(INOUT)) leaves the actual
// changed after its reference; its adjoint, called in the backward sweep
// with the actual as it is there, re-runs the function from the changed
// value: the adjoint was wrong (dot product 3e-2). Until the actual is
// saved and restored around the reference, such a reference is
// rejected in reverse mode. (A dummy the function defines before reading
// it, a work array, is recomputed alike and stays supported, as do VALUE
// dummies, copies of their actuals.)

// readDefinedArg returns the error for reference x of function callee
// if callee may define a dummy whose value on entry it reads.
func (g *gen) readDefinedArg(x *ast.CallExpr, callee *activity.ProcActivity) error {
	if callee.Unit == nil {
		return nil
	}
	sc := g.info.ScopeOf(callee.Unit)
	if sc == nil {
		return nil
	}
	for _, a := range callee.Unit.Args {
		ds := sc.LookupLocal(a.Lower())
		if ds == nil || ds.Kind != sema.VarSym || ds.Attrs.Has(sema.AttrValue) || !decl.MayDefine(g.info, callee.Unit, ds) || g.neverDefined(ds) {
			continue
		}
		if u := g.info.CachedIntents().Of(ds); u != nil && u.Effective == ast.IntentOut {
			continue
		}
		return notSupported("reference of function '%s', which defines its argument '%s' after reading it, in reverse mode", exprString(x.Fun), a.Name)
	}
	return nil
}
