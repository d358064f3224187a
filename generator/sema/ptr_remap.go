package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// pointerRemap checks a pointer assignment with bounds: p(1:n*m) => a
// (bounds remapping, the way models view a 2-D field as a vector) or
// p(0:, 0:) => a (lower bounds, the way they give a halo its indices).
// The parser reads its left side as a reference with ranges; here it is
// the pointer p, associated with a. It reports whether s is one.
func (c *checker) pointerRemap(s *ast.PointerAssignStmt) bool {
	call, ok := s.Lhs.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	lower := false
	for i, a := range call.Args {
		r, ok := a.(*ast.RangeExpr)
		if !ok || r.Lo == nil || r.Stride != nil {
			return false
		}
		if i == 0 {
			lower = r.Hi == nil
		} else if lower != (r.Hi == nil) {
			c.errorf(posOf(a), "the bounds of a pointer assignment are either all lower bounds (lo:) or all bounds (lo:hi)")
			return true
		}
	}
	// Recorded as a section of the pointer, which the analyses and the
	// derivative code read as the pointer itself: p_d(1:n*m) => a_d.
	l := c.define(s.Lhs, true)
	obj := l.member
	if obj == nil {
		obj = l.base
	}
	if obj == nil || obj.Attrs&AttrPointer == 0 {
		if obj != nil && obj.Kind == VarSym {
			c.errorf(posOf(s.Lhs), "the target of '=>' must be a pointer")
		}
		c.expr(s.Rhs)
		return true
	}
	for _, a := range call.Args {
		r := a.(*ast.RangeExpr)
		for _, b := range []ast.Expr{r.Lo, r.Hi} {
			// (analysed by define, as subscripts)
			if b == nil {
				continue
			}
			if t := c.info.TypeOf(b); t.valid() && (!t.IsInteger() || c.info.Rank(b) != 0) {
				c.errorf(posOf(b), "a bound of a pointer assignment must be an integer scalar, not %s", t)
			}
		}
	}
	rank := len(obj.Dims)
	if len(call.Args) != rank {
		c.expr(s.Rhs)
		return true // (reported by define: "'q' has rank 2 but 1 subscript given")
	}
	rt, rr := c.expr(s.Rhs)
	if lower {
		c.assignCompat(l.t, rt, rank, rr, exprPos(s.Rhs, s), false)
	} else {
		// Rank remapping: a target of any rank, viewed with the
		// pointer's rank (the standard wants it simply contiguous
		// or of rank one; the compiler checks that).
		c.assignCompat(l.t, rt, rr, rr, exprPos(s.Rhs, s), false)
	}
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
