package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// unknownFuncRef rejects an active reference to a function without a
// derivative version: one without source (an EXTERNAL function, an
// interface body) or bound at run time (`a%lim%phi(r)`, a binding an
// extension overrides: sema/oop_static.go). Its derivative was taken
// for zero.
func unknownFuncRef(info *sema.Info, pa *activity.ProcActivity, x *ast.CallExpr) error {
	if !pa.ActiveExpr(x) {
		return nil
	}
	if note := info.DispatchNote(x.Fun); note != "" {
		// Not one sema.dispatchUnits could dispatch (oop_dispatch.go).
		return notSupported("active reference '%s' bound at run time, %s: its derivative is not dispatched yet in reverse mode (%s)", exprString(x.Fun), note, sema.DispatchLimits)
	}
	return notSupported("active reference to function '%s' without a derivative version (no source) in reverse mode", exprString(x.Fun))
}
