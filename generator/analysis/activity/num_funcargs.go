package activity

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// neverDefinedFuncArg reports whether dummy d of function p has no INTENT
// (F77) and is defined neither by p's body nor by what it calls. Such an
// argument is not an output of the function: LINPACK's
// IDAMAX(N, DX, INCX) reads DX, and taking DX for defined made the
// integer function active, which has no adjoint ("function 'idamax'
// without an active real scalar result"). A pointer's target may be
// defined through it, so a pointer keeps its output.
func neverDefinedFuncArg(info *sema.Info, p *sema.Proc, d *sema.Symbol) bool {
	if p.Unit == nil || p.Unit.Kind != ast.FunctionUnit || d.Intent != ast.IntentNone || d.Attrs&sema.AttrPointer != 0 {
		return false
	}
	return info.NeverDefined(d)
}
