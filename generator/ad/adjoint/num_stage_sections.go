package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Runge-Kutta stages kept in the columns of one array: the stage s call
//
//	call f(n, t + c(s)*h, y + h*matmul(k(:, 1:s-1), a(s, 1:s-1)), p, k(:, s))
//
// defines column s of k and its expression reads columns 1 to s-1. With
// calls: split, f_bwd takes the expression again in the backward sweep,
// where k holds what the call left: the expression was rejected for
// reading k, which the call may define. Its value is the one the call
// read when the columns it reads are not the ones the call defines:
// stageSections proves that, dimension by dimension, from subscripts that
// differ by a constant (s and s-1, s+1) or a range ending before or
// starting after the defined subscript.

// stageSections reports whether every reference to v in expression a,
// an argument of split call c, is disjoint from each actual argument of c
// through which the call may define v, and the call defines v through
// nothing else (v is a local or dummy of the caller, without POINTER,
// TARGET or EQUIVALENCE).
func (g *gen) stageSections(c *activeCall, a ast.Expr, v *sema.Symbol) bool {
	if isGlobal(v) || v.Attrs.Has(sema.AttrPointer) || v.Attrs.Has(sema.AttrTarget) || v.Attrs.Has(sema.AttrEquivalence) || c.callee.Unit == nil {
		return false
	}
	args, ok := positional(c.s.Args, c.callee.Unit.Args)
	if !ok {
		return false
	}
	var defined []*ast.CallExpr
	for i, x := range args {
		if x == nil || g.baseSym(x) != v {
			continue
		}
		d := c.scope.LookupLocal(c.callee.Unit.Args[i].Lower())
		if d == nil || !decl.MayDefine(g.info, c.callee.Unit, d) || g.neverDefined(d) {
			continue
		}
		ce, isRef := x.(*ast.CallExpr)
		if !isRef || g.baseSym(ce.Fun) != v {
			return false // v whole, or a component
		}
		defined = append(defined, ce)
	}
	disjoint := true
	ast.Inspect(a, func(n ast.Node) bool {
		if !disjoint {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
				for _, d := range defined {
					if !sectionsDisjoint(n, d) {
						disjoint = false
					}
				}
				for _, s := range n.Args {
					ast.Inspect(s, func(m ast.Node) bool { // v in its own subscripts
						if id, ok := m.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
							disjoint = false
						}
						return disjoint
					})
				}
				return false
			}
		case *ast.Ident:
			if g.info.ObjectOf(n) == v {
				disjoint = false // v whole
			}
		}
		return true
	})
	return disjoint
}

// sectionsDisjoint reports whether references r and d of one array
// (subscript lists of the same length) share no element: in some
// dimension d's subscript is a scalar e and r's one is e plus a nonzero
// constant, or a range without stride ending before e or starting after
// it.
func sectionsDisjoint(r, d *ast.CallExpr) bool {
	if len(r.Args) != len(d.Args) {
		return false
	}
	for i, ds := range d.Args {
		if _, isRange := ds.(*ast.RangeExpr); isRange {
			continue
		}
		switch rs := r.Args[i].(type) {
		case *ast.RangeExpr:
			if rs.Stride != nil {
				continue
			}
			if c, ok := offset(rs.Hi, ds); ok && c < 0 {
				return true
			}
			if c, ok := offset(rs.Lo, ds); ok && c > 0 {
				return true
			}
		default:
			if c, ok := offset(rs, ds); ok && c != 0 {
				return true
			}
		}
	}
	return false
}

// offset returns c such that x is e + c, when x is e, e + c or e - c
// with c an integer literal, or both are integer literals.
func offset(x, e ast.Expr) (int, bool) {
	if x == nil {
		return 0, false
	}
	if xv, ok := stageInt(x); ok {
		if ev, ok := stageInt(e); ok {
			return xv - ev, true
		}
	}
	if exprString(x) == exprString(e) {
		return 0, true
	}
	b, ok := x.(*ast.BinaryExpr)
	if !ok || exprString(b.X) != exprString(e) {
		return 0, false
	}
	c, ok := stageInt(b.Y)
	switch {
	case !ok:
		return 0, false
	case b.Op == token.PLUS:
		return c, true
	case b.Op == token.MINUS:
		return -c, true
	}
	return 0, false
}

func stageInt(x ast.Expr) (int, bool) {
	l, ok := x.(*ast.BasicLit)
	if !ok || l.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.Atoi(l.Value)
	return v, err == nil
}
