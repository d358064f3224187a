package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A section selector (col => u(lo:hi, j), row => u(:, j)) names the same
// elements for the whole construct when its subscripts are fixed (see
// associate_fixed.go). Its associate name has lower bounds 1, so a
// reference col(i) is u(lo + i - 1, j), col(a:b) is u(lo + a - 1:lo + b -
// 1, j), and the bare name is the section itself: the substitution keeps
// every reference pointing at the elements the standard names, and the
// differentiators see ordinary array references. Strides other than 1,
// and omitted lower bounds of arrays whose lower bound is not a constant,
// keep the construct.

// sectionSelector reports whether e is a section of a variable (or of a
// component of one) whose subscripts and triplet bounds are fixed, with
// unit strides, and whose omitted lower bounds are constants.
func (x *expander) sectionSelector(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	k, ok := x.info.Calls[c]
	if !ok || k.Kind != sema.ArrayElement || !k.Section || k.Proc == nil || len(k.Proc.Dims) != len(c.Args) {
		return false
	}
	for d, a := range c.Args {
		r, ok := a.(*ast.RangeExpr)
		if !ok {
			if x.info.Rank(a) != 0 || !x.fixedSubscript(a) {
				return false // a vector subscript, or one the body changes
			}
			continue
		}
		if r.Stride != nil && !isOne(r.Stride) {
			return false
		}
		if r.Lo == nil && x.lowerBound(k.Proc, d) == nil {
			return false
		}
		for _, b := range []ast.Expr{r.Lo, r.Hi} {
			if b != nil && !x.fixedSubscript(b) {
				return false
			}
		}
	}
	return x.plainSelector(c.Fun, false)
}

// lowerBound returns the constant lower bound of dimension d of array v,
// nil if it is not a constant.
func (x *expander) lowerBound(v *sema.Symbol, d int) ast.Expr {
	dim := v.Dims[d]
	switch {
	case dim.Kind == sema.DeferredShape || dim.Kind == sema.AssumedShape && dim.Lo.Expr != nil:
		if dim.Kind == sema.AssumedShape && dim.Lo.Const {
			return intLit(dim.Lo.Value)
		}
		return nil
	case dim.Lo.Expr == nil:
		return intLit(1)
	case dim.Lo.Const:
		return intLit(dim.Lo.Value)
	}
	return nil
}

func isOne(e ast.Expr) bool {
	v, ok := intValue(e)
	return ok && v == 1
}

func intLit(v int64) ast.Expr {
	if v < 0 {
		return &ast.ParenExpr{X: &ast.UnaryExpr{Op: token.MINUS, OpLit: "-", X: &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(-v, 10)}}}
	}
	return &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(v, 10)}
}

// sectionRef returns the reference of the section selector sel that
// name(args) makes: each subscript of the name moves by the lower bound
// of its triplet, less one. nil if args do not fit.
func (x *expander) sectionRef(sel *ast.CallExpr, args []ast.Expr) ast.Expr {
	k := x.info.Calls[sel]
	out := x.clone(sel).(*ast.CallExpr)
	next := 0
	rank := 0
	for d, a := range sel.Args {
		r, ok := a.(*ast.RangeExpr)
		if !ok {
			continue
		}
		if next >= len(args) {
			return nil
		}
		lo := r.Lo
		if lo == nil {
			lo = x.lowerBound(k.Proc, d)
		}
		switch s := args[next].(type) {
		case *ast.KeywordArg, *ast.StarExpr:
			return nil
		case *ast.RangeExpr:
			if s.Stride != nil && !isOne(s.Stride) {
				return nil
			}
			nr := &ast.RangeExpr{Colon: s.Colon}
			nr.Lo, nr.Hi = r.Lo, r.Hi
			if s.Lo != nil {
				nr.Lo = x.shift(lo, s.Lo)
			} else if nr.Lo != nil {
				nr.Lo = x.clone(nr.Lo)
			}
			if s.Hi != nil {
				nr.Hi = x.shift(lo, s.Hi)
			} else if nr.Hi != nil {
				nr.Hi = x.clone(nr.Hi)
			}
			out.Args[d] = nr
			rank++
		default:
			if x.info.Rank(s) != 0 {
				return nil // a vector subscript of the name
			}
			out.Args[d] = x.shift(lo, s)
		}
		next++
	}
	if next != len(args) {
		return nil
	}
	k.Section, k.Rank = rank > 0, rank
	x.info.Calls[out] = k
	return out
}

// shift returns s + lo - 1: s when lo is 1, s - 1 when it is 0, a
// literal when both are.
func (x *expander) shift(lo, s ast.Expr) ast.Expr {
	l, lok := intValue(lo)
	if v, ok := intValue(s); ok && lok {
		return intLit(v + l - 1)
	}
	if b, ok := s.(*ast.BinaryExpr); ok && lok && (b.Op == token.PLUS || b.Op == token.MINUS) {
		if v, ok := intValue(b.Y); ok { // k + 2 with lower bound 0: k + 1
			if b.Op == token.MINUS {
				v = -v
			}
			s, l = b.X, l+v
		}
	}
	switch {
	case lok && l == 1:
		return s
	case lok && l > 1:
		return &ast.BinaryExpr{X: s, Op: token.PLUS, OpLit: "+", Y: intLit(l - 1)}
	case lok:
		return &ast.BinaryExpr{X: s, Op: token.MINUS, OpLit: "-", Y: intLit(1 - l)}
	}
	if v, ok := intValue(s); ok && v == 1 {
		return x.clone(lo)
	}
	lo = x.clone(lo)
	if _, ok := lo.(*ast.BinaryExpr); ok {
		lo = &ast.ParenExpr{X: lo}
	}
	return &ast.BinaryExpr{
		X:  &ast.BinaryExpr{X: s, Op: token.PLUS, OpLit: "+", Y: lo},
		Op: token.MINUS, OpLit: "-", Y: intLit(1),
	}
}

// intValue returns the value of an integer literal (or of its negation).
func intValue(e ast.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.INT {
			v, err := strconv.ParseInt(e.Value, 10, 64)
			return v, err == nil
		}
	case *ast.ParenExpr:
		return intValue(e.X)
	case *ast.UnaryExpr:
		if v, ok := intValue(e.X); ok && e.Op == token.MINUS {
			return -v, true
		}
	}
	return 0, false
}

// substituteSection rewrites, in a pre-order visit, a reference
// name(args) of a section associate name: args first (they may name
// other associate names), then the reference. It reports whether it
// replaced the node (the visit then skips its children).
func (x *expander) substituteSection(c *ast.Cursor, names map[*sema.Symbol]ast.Expr) bool {
	call, ok := c.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok {
		return false
	}
	sel, ok := names[x.info.Uses[id]].(*ast.CallExpr)
	if !ok || !x.info.Calls[sel].Section {
		return false
	}
	args := make([]ast.Expr, len(call.Args))
	for i, a := range call.Args {
		args[i] = x.substituteExpr(a, names)
	}
	if ref := x.sectionRef(sel, args); ref != nil {
		c.Replace(ref)
		return true
	}
	return false
}

// sectionUsesFit reports whether every reference of associate name sym
// in body is the bare name or name(args) with one scalar subscript or
// unit-stride triplet per dimension of the section, which sectionRef
// rewrites.
func (x *expander) sectionUsesFit(body []ast.Stmt, sym *sema.Symbol, rank int) bool {
	ok := true
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, isID := n.Fun.(*ast.Ident); isID && x.info.Uses[id] == sym {
				ok = ok && len(n.Args) == rank
				for _, a := range n.Args {
					switch a := a.(type) {
					case *ast.KeywordArg, *ast.StarExpr:
						ok = false
					case *ast.RangeExpr:
						ok = ok && (a.Stride == nil || isOne(a.Stride))
					default:
						ok = ok && x.info.Rank(a) == 0
					}
				}
			}
		}
		return ok
	})
	return ok
}
