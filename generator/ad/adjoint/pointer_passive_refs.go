package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// checkPassiveRefs rejects, at each reference of a function other than
// an intrinsic, a passive pointer that active statements read passed
// whole to a POINTER dummy, or to one the reference does not make known:
// the function may associate it anew (y = pick(k, x) with p => night
// inside), which the backward sweep would not undo, and the statements
// after would be reversed with the wrong target (a dot-product error of
// 0.28 before). checkPassiveReassociation does the same for CALLs.
func (g *gen) checkPassiveRefs() diag.List {
	var errs diag.List
	ast.Inspect(&ast.Unit{Body: g.pa.Unit.Body}, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		k, ok := g.info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() {
			return true
		}
		var dummies []*sema.Symbol
		if k.Proc != nil && k.Proc.Proc != nil {
			dummies = k.Proc.Proc.Args
		}
		for i, a := range c.Args {
			id, ok := argValue(a).(*ast.Ident)
			if !ok {
				continue
			}
			v := g.info.ObjectOf(id)
			if v == nil || v.Kind != sema.VarSym || !v.Attrs.Has(sema.AttrPointer) || g.hasAdj(v) {
				continue
			}
			if d := dummyOf(dummies, i, a); (d == nil || d.Attrs.Has(sema.AttrPointer)) && g.readByActive(v) {
				errs.Add(g.fset.Position(c.Pos()), fmt.Sprintf("not supported yet: passive pointer '%s', which active statements read, passed to a POINTER or unknown dummy of function '%s' in reverse mode (the function may associate it anew)", v.Name, exprString(c.Fun)))
			}
		}
		return true
	})
	return errs
}

// dummyOf returns the dummy of the i-th actual argument a (positional, or
// a keyword argument) among dummies, nil if unknown.
func dummyOf(dummies []*sema.Symbol, i int, a ast.Expr) *sema.Symbol {
	if kw, ok := a.(*ast.KeywordArg); ok {
		for _, d := range dummies {
			if d != nil && strings.EqualFold(d.Name, kw.Name.Name) {
				return d
			}
		}
		return nil
	}
	if i < len(dummies) {
		return dummies[i]
	}
	return nil
}
