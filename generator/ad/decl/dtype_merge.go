package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Merge holds the arguments of merge(a, b, mask) whose value is of a
// derived type: the value, a or b, is chosen by a scalar mask.
type Merge struct {
	A, B, Mask ast.Expr
}

// DerivedMerge returns the arguments of x when x is a reference to the
// intrinsic MERGE of derived type (ok); err when fadj cannot
// differentiate it yet: a mask that is an array or references a
// function (the derivative code evaluates it again or records it), or
// a value that is itself neither a variable reference nor a structure
// constructor (a nested MERGE, a function result). isRef reports
// whether an expression is a variable reference.
func DerivedMerge(info *sema.Info, x ast.Expr, isRef func(ast.Expr) bool) (m Merge, ok bool, err error) {
	c, isCall := x.(*ast.CallExpr)
	if !isCall || !IsDerived(info.TypeOf(x)) {
		return m, false, nil
	}
	k := info.Calls[c]
	if k.Kind != sema.FunctionCall || !k.IsIntrinsic() || k.Proc.Name != "merge" {
		return m, false, nil
	}
	if len(c.Args) != 3 {
		return m, true, notSupported("MERGE of derived type with %d arguments", len(c.Args))
	}
	for _, a := range c.Args {
		if _, kw := a.(*ast.KeywordArg); kw {
			return m, true, notSupported("MERGE of derived type with keyword arguments")
		}
	}
	m = Merge{A: c.Args[0], B: c.Args[1], Mask: c.Args[2]}
	if info.Rank(m.Mask) != 0 || info.Rank(x) != 0 {
		return m, true, notSupported("MERGE of derived type with an array mask or value")
	}
	if callsFunction(info, m.Mask) {
		return m, true, notSupported("MERGE of derived type with a mask that references a function")
	}
	for _, v := range []ast.Expr{m.A, m.B} {
		if vc, ok := v.(*ast.CallExpr); !isRef(v) && !(ok && info.Calls[vc].Kind == sema.StructConstructor) {
			return m, true, notSupported("MERGE of derived type choosing a value that is neither a variable nor a structure constructor")
		}
	}
	return m, true, nil
}

// callsFunction reports whether x references a function that is not
// intrinsic.
func callsFunction(info *sema.Info, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k := info.Calls[c]; k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				found = true
			}
		}
		return !found
	})
	return found
}
