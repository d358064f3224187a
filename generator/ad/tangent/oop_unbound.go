package tangent

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// unknownFuncRef rejects an active reference to a function without a
// derivative version: one without source (an EXTERNAL function, an
// interface body) or bound at run time (`a%lim%phi(r)`, a binding an
// extension overrides: sema/oop_static.go). Its tangent was taken for
// zero.
func unknownFuncRef(pa *activity.ProcActivity, x *ast.CallExpr) error {
	if pa.ActiveExpr(x) {
		return notSupported("active reference to function '%s' without a derivative version (no source, or bound at run time)", exprString(x.Fun))
	}
	return nil
}
