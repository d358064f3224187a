package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Elements of the array expressions of a WHERE rewritten into loops
// (where_elemental.go).

// elem returns the element of array expression x at the positions ks
// (1-based, one per dimension), or false if x is not one this rewrite
// handles.
func (w *whereLoops) elem(x ast.Expr, ks []*sema.Symbol) (ast.Expr, bool) {
	if w.info.Rank(x) == 0 {
		return w.info.Clone(x), true
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		s := w.array(x)
		if s == nil || len(s.Dims) != len(ks) {
			return nil, false
		}
		var subs []ast.Expr
		for d := range s.Dims {
			subs = append(subs, w.offset(w.lower(x, s, d), ks[d], nil))
		}
		return w.elementOf(x, s, subs), true
	case *ast.ParenExpr:
		y, ok := w.elem(x.X, ks)
		return &ast.ParenExpr{Lparen: x.Lparen, X: y}, ok
	case *ast.UnaryExpr:
		if w.info.Operators[x] != nil {
			return nil, false
		}
		y, ok := w.elem(x.X, ks)
		return &ast.UnaryExpr{OpPos: x.OpPos, Op: x.Op, OpLit: x.OpLit, X: y}, ok
	case *ast.BinaryExpr:
		if w.info.Operators[x] != nil {
			return nil, false
		}
		a, ok1 := w.elem(x.X, ks)
		b, ok2 := w.elem(x.Y, ks)
		return &ast.BinaryExpr{X: a, OpPos: x.OpPos, Op: x.Op, OpLit: x.OpLit, Y: b}, ok1 && ok2
	case *ast.CallExpr:
		return w.elemCall(x, ks)
	}
	return nil, false
}

// elemCall returns the element of section or elemental reference x.
func (w *whereLoops) elemCall(x *ast.CallExpr, ks []*sema.Symbol) (ast.Expr, bool) {
	k, known := w.info.Calls[x]
	switch {
	case !known:
		return nil, false
	case k.Kind == sema.ArrayElement:
		id := x.Fun
		s := w.array(id)
		if s == nil {
			return nil, false
		}
		var subs []ast.Expr
		d := 0
		for i, a := range x.Args {
			r, isRange := a.(*ast.RangeExpr)
			switch {
			case isRange && d < len(ks):
				lo := r.Lo
				if lo == nil {
					lo = w.lower(id, s, i)
				} else {
					lo = w.info.Clone(lo)
				}
				var stride ast.Expr
				if r.Stride != nil {
					stride = w.info.Clone(r.Stride)
				}
				subs = append(subs, w.offset(lo, ks[d], stride))
				d++
			case isRange || w.info.Rank(a) != 0:
				return nil, false // a vector subscript
			default:
				subs = append(subs, w.info.Clone(a))
			}
		}
		if d != len(ks) {
			return nil, false
		}
		return w.elementOf(id, s, subs), true
	case k.Kind != sema.FunctionCall || k.Proc == nil:
		return nil, false
	}
	elemental := k.Proc.Attrs&sema.AttrElemental != 0
	if k.IsIntrinsic() {
		elemental = k.Proc.Proc.Intrinsic != nil && k.Proc.Proc.Intrinsic.Elemental
	}
	if !elemental {
		return nil, false
	}
	n := &ast.CallExpr{Fun: w.info.Clone(x.Fun), Lparen: x.Lparen}
	for _, a := range x.Args {
		kw, isKw := a.(*ast.KeywordArg)
		if isKw {
			a = kw.Value
		}
		y, ok := w.elem(a, ks)
		if !ok {
			return nil, false
		}
		if isKw {
			y = &ast.KeywordArg{Name: w.info.Clone(kw.Name).(*ast.Ident), Value: y}
		}
		n.Args = append(n.Args, y)
	}
	k.Rank = 0
	w.info.Calls[n] = k
	return n, true
}

// array returns the variable or component that designator x names
// whole, if it is an array: a variable, or a component of a scalar
// (s%q, s(k)%q), nil for others.
func (w *whereLoops) array(x ast.Expr) *sema.Symbol {
	var s *sema.Symbol
	switch y := x.(type) {
	case *ast.Ident:
		s = w.info.ObjectOf(y)
	case *ast.SelectorExpr:
		if _, ok := w.path(y.X); !ok || w.info.Rank(y.X) != 0 {
			return nil
		}
		s = w.info.ObjectOf(y.Sel)
	}
	if s == nil || s.Kind != sema.VarSym && s.Kind != sema.ComponentSym || len(s.Dims) == 0 {
		return nil
	}
	return s
}

// element returns the element id(subs) of array s, which id names.
func (w *whereLoops) element(id ast.Expr, s *sema.Symbol, subs []ast.Expr) ast.Expr {
	c := &ast.CallExpr{Fun: w.info.Clone(id), Args: subs}
	w.info.Calls[c] = sema.Call{Kind: sema.ArrayElement, Proc: s, Type: s.Type}
	return c
}

// lower returns the lower bound of dimension d of array s, which id
// names: its declared constant, else lbound(id, d+1).
func (w *whereLoops) lower(id ast.Expr, s *sema.Symbol, d int) ast.Expr {
	if d < len(s.Dims) && s.Dims[d].Kind != sema.DeferredShape {
		if lo := s.Dims[d].Lo; lo.Expr == nil {
			return w.intLit(1)
		} else if lo.Const {
			return w.intLit(int(lo.Value))
		}
	}
	return w.intrinsic("lbound", w.info.Clone(id), w.intLit(d+1))
}

// offset returns lo + (k-1)*stride (stride nil: 1), simplified for a
// constant lo.
func (w *whereLoops) offset(lo ast.Expr, k *sema.Symbol, stride ast.Expr) ast.Expr {
	var step ast.Expr = w.use(k)
	if stride != nil {
		step = &ast.BinaryExpr{X: &ast.ParenExpr{X: &ast.BinaryExpr{X: step, Op: token.MINUS, OpLit: "-", Y: w.intLit(1)}}, Op: token.STAR, OpLit: "*", Y: w.paren(stride)}
		return &ast.BinaryExpr{X: w.paren(lo), Op: token.PLUS, OpLit: "+", Y: step}
	}
	if l, ok := lo.(*ast.BasicLit); ok && l.Kind == token.INT {
		if v, err := strconv.Atoi(l.Value); err == nil {
			switch {
			case v == 1:
				return step
			case v > 1:
				return &ast.BinaryExpr{X: step, Op: token.PLUS, OpLit: "+", Y: w.intLit(v - 1)}
			default:
				return &ast.BinaryExpr{X: step, Op: token.MINUS, OpLit: "-", Y: w.intLit(1 - v)}
			}
		}
	}
	sum := &ast.BinaryExpr{X: w.paren(lo), Op: token.PLUS, OpLit: "+", Y: step}
	return &ast.BinaryExpr{X: sum, Op: token.MINUS, OpLit: "-", Y: w.intLit(1)}
}

// paren returns x parenthesised unless it is a primary.
func (w *whereLoops) paren(x ast.Expr) ast.Expr {
	switch x.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.CallExpr, *ast.ParenExpr:
		return x
	}
	return &ast.ParenExpr{X: x}
}
