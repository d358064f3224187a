package tangent

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// unboundDummyRef rejects an active reference to a dummy function that
// the calls of its procedure bind to several procedures (or to one
// without a body) and that sema did not copy per binding
// (legacy_dummy_clone.go): its actuals may have their source, so
// unknownFuncRef's "no source" would mislead. Nil for other references.
func unboundDummyRef(info *sema.Info, pa *activity.ProcActivity, x *ast.CallExpr) error {
	if !pa.ActiveExpr(x) || !isUnboundDummy(info.Calls[x].Proc) {
		return nil
	}
	return notSupported("active reference to dummy procedure '%s', which the calls of its procedure bind to several procedures or to one without a body (%s)", exprString(x.Fun), unboundDummyHint)
}

// unboundDummyHint says when sema copies a procedure per binding.
const unboundDummyHint = "fadj copies the procedure per procedure passed unless it has SAVEd or DATA-initialised locals or is recursive, a call names it otherwise (a USE rename, a generic name), or a call passes an intrinsic, a procedure without a body or a dummy procedure bound to several"

// isUnboundDummy reports whether p is a dummy procedure (one bound to a
// single procedure resolves to that procedure).
func isUnboundDummy(p *sema.Symbol) bool {
	return p != nil && p.Kind == sema.ProcSym && p.Proc != nil && p.Proc.Kind == sema.ProcDummy
}
