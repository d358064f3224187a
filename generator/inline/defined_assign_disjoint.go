package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Parts of one variable that cannot overlap, which a defined assignment
// passes as they are: different components (`st%old = st%cur`, a model's
// container of states) and elements whose subscripts differ by a
// constant (`c(k) = c(k+1)`, `c(1) = c(2)`). A POINTER component on
// either path may make them one object: such parts may share.

// part is one step of a designator: a component name, or subscripts.
type part struct {
	comp *sema.Symbol
	subs []ast.Expr
}

// disjoint reports whether designators l and r, parts of one variable,
// cannot overlap.
func (x *expander) disjoint(l, r ast.Expr) bool {
	lp, lok := x.parts(l)
	rp, rok := x.parts(r)
	if !lok || !rok {
		return false
	}
	for i := 0; i < len(lp) && i < len(rp); i++ {
		a, b := lp[i], rp[i]
		switch {
		case a.comp != nil && b.comp != nil:
			if a.comp != b.comp {
				return true
			}
		case a.subs != nil && b.subs != nil:
			if differ(a.subs, b.subs) {
				return true
			}
		default:
			return false
		}
	}
	return false
}

// parts returns the steps of designator e after its variable; ok false
// when a component on the way is a POINTER, or e is not a designator.
func (x *expander) parts(e ast.Expr) (out []part, ok bool) {
	switch v := e.(type) {
	case *ast.Ident:
		return nil, true
	case *ast.SelectorExpr:
		c := x.info.Uses[v.Sel]
		if c == nil || c.Attrs.Has(sema.AttrPointer) {
			return nil, false
		}
		out, ok = x.parts(v.X)
		return append(out, part{comp: c}), ok
	case *ast.CallExpr:
		if k, found := x.info.Calls[v]; !found || k.Kind != sema.ArrayElement {
			return nil, false
		}
		out, ok = x.parts(v.Fun)
		return append(out, part{subs: v.Args}), ok
	}
	return nil, false
}

// differ reports whether subscript lists a and b name different elements
// for sure: in some dimension, both are one subscript (not a section)
// and they differ by a nonzero constant.
func differ(a, b []ast.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		na, ca, oka := offset(a[i])
		nb, cb, okb := offset(b[i])
		if oka && okb && na == nb && ca != cb {
			return true
		}
	}
	return false
}

// offset returns e as name + constant (name "" for a constant): k, k+1,
// k-1, 1+k, 3; ok false for other forms.
func offset(e ast.Expr) (name string, c int, ok bool) {
	switch v := e.(type) {
	case *ast.Ident:
		return v.Lower(), 0, true
	case *ast.BasicLit:
		if v.Kind != token.INT {
			return "", 0, false
		}
		n, err := strconv.Atoi(v.Value)
		return "", n, err == nil
	case *ast.BinaryExpr:
		if v.Op != token.PLUS && v.Op != token.MINUS {
			return "", 0, false
		}
		nx, cx, okx := offset(v.X)
		ny, cy, oky := offset(v.Y)
		if !okx || !oky || nx != "" && ny != "" {
			return "", 0, false
		}
		if v.Op == token.MINUS {
			if ny != "" {
				return "", 0, false // (c - k)
			}
			cy = -cy
		}
		return nx + ny, cx + cy, true
	}
	return "", 0, false
}
