package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Whether a routine defines a global (DefinesGlobal) decides whether the
// adjoint zeroes the global's adjoint at the start of its backward sweep
// (its value on exit computed passively) or lets it accumulate (one only
// read: a calibrated parameter, `celerity(q, w, s, mann(i))`). Defined
// counts every actual argument of a procedure as defined; a global passed
// to an INTENT(IN) or VALUE dummy of a known procedure (or to a dummy
// without intent its body never defines) was then taken for defined, and the adjoint of an independent module variable zeroed:
// the adjoint a caller had accumulated in it was lost. Here such an
// argument does not count (the procedure itself is followed by
// DefinesGlobal when it names the global).

// assignsGlobal is Assigns for global v, by the dummies' intents.
func assignsGlobal(info *sema.Info, list []ast.Stmt, v *sema.Symbol) bool {
	for _, s := range list {
		found := false
		defined(info, s, func(w *sema.Symbol) {
			found = found || w == v
		}, true)
		if found {
			return true
		}
	}
	return false
}

// readOnlyArg reports whether the i-th actual argument a of call c
// (fun its procedure name) goes to a dummy declared INTENT(IN) or VALUE
// of a procedure referenced by its own name (a type-bound reference
// shifts its arguments; a generic one resolves to a specific c does not
// hold), or, in F77 code without intents, to a dummy the procedure's
// body never defines (MayDefine: nor passes on to another procedure;
// a body with internal procedures counts as defining it).
func readOnlyArg(info *sema.Info, c sema.Call, fun ast.Expr, i int, a ast.Expr) bool {
	if _, ok := fun.(*ast.Ident); !ok || c.Proc == nil || c.Proc.Proc == nil || len(c.Proc.Proc.Specifics) > 0 {
		return false
	}
	var d *sema.Symbol
	if kw, ok := a.(*ast.KeywordArg); ok {
		for _, x := range c.Proc.Proc.Args {
			if x != nil && strings.EqualFold(x.Name, kw.Name.Name) {
				d = x
			}
		}
	} else if i < len(c.Proc.Proc.Args) {
		d = c.Proc.Proc.Args[i]
	}
	if d == nil || d.Attrs.Has(sema.AttrPointer) { // (INTENT(IN) of a pointer: its target may change)
		return false
	}
	if d.Intent == ast.IntentIn || d.Attrs.Has(sema.AttrValue) {
		return true
	}
	u := c.Proc.Proc.Unit
	// (Its internal procedures could define it by host association.)
	return d.Intent == ast.IntentNone && u != nil && len(u.Procs) == 0 && !MayDefine(info, u, d)
}
