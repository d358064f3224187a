package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// pointerRemap rejects a pointer assignment with bounds, p(1:n*m) => a
// (bounds remapping, the way models view a 2-D field as a vector) or
// p(0:) => a (lower bounds), with a positioned "not supported yet": the
// analyses and the derivative code follow an association by its pointer
// name only (the statement was read as an assignment to a section, "the
// target of '=>' must be a pointer"). It reports whether s is one.
func (c *checker) pointerRemap(s *ast.PointerAssignStmt) bool {
	call, ok := s.Lhs.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	for _, a := range call.Args {
		if r, ok := a.(*ast.RangeExpr); !ok || r.Lo == nil || r.Stride != nil {
			return false
		}
	}
	l := c.ref(call.Fun, refPtrDef)
	if !l.pointer {
		return false
	}
	what := "bounds remapping"
	if r := call.Args[0].(*ast.RangeExpr); r.Hi == nil {
		what = "lower bounds"
	}
	c.errorf(posOf(s.Lhs), "not supported yet: pointer assignment with %s ('%s(...) =>'); associate a pointer of the target's shape, or pass the target to a dummy of the shape wanted", what, ptrName(call.Fun))
	return true
}

// ptrName is the name of pointer object x (p, or the component of a%p).
func ptrName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return ptrName(x.Sel)
	}
	return "p"
}
