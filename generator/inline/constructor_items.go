package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The operands of constructor_segments.go: designators, and their
// segments.

// designator returns x as an item if it is a rank-1 array without a
// POINTER: a whole array, or a section with one stride-1 range and
// scalar subscripts that call no user function.
func (c *ctorSeg) designator(x ast.Expr) (segItem, bool) {
	w, info := c.w, c.w.info
	var it segItem
	switch y := x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		s := w.array(y)
		if s == nil || len(s.Dims) != 1 || !c.noPointer(y) {
			return it, false
		}
		hi, ok := c.upper(y, s, 0)
		if !ok {
			return it, false
		}
		it = segItem{name: y, sym: s, call: sema.Call{Kind: sema.ArrayElement, Proc: s, Type: s.Type}}
		it.lo = formOf(info, w.lower(y, s, 0), c.atoms)
		it.n = formOf(info, hi, c.atoms).minus(it.lo).plus(constForm(1))
		return it, true
	case *ast.CallExpr:
		k := info.Calls[y]
		s := w.array(y.Fun)
		if k.Kind != sema.ArrayElement || !k.Section || k.Rank != 1 || s == nil || len(s.Dims) != len(y.Args) || !c.noPointer(y.Fun) {
			return it, false
		}
		dim := -1
		for i, a := range y.Args {
			r, isRange := a.(*ast.RangeExpr)
			switch {
			case isRange && dim < 0 && r.Stride == nil:
				dim = i
			case isRange || info.Rank(a) != 0 || !c.pureScalar(a):
				return it, false
			}
		}
		if dim < 0 {
			return it, false
		}
		r := y.Args[dim].(*ast.RangeExpr)
		lo, hi := r.Lo, r.Hi
		if lo == nil {
			lo = w.lower(y.Fun, s, dim)
		} else if !c.pureScalar(lo) {
			return it, false
		}
		if hi == nil {
			var ok bool
			if hi, ok = c.upper(y.Fun, s, dim); !ok {
				return it, false
			}
		} else if !c.pureScalar(hi) {
			return it, false
		}
		it = segItem{name: y.Fun, sym: s, args: y.Args, dim: dim, call: k}
		it.lo = formOf(info, lo, c.atoms)
		it.n = formOf(info, hi, c.atoms).minus(it.lo).plus(constForm(1))
		return it, true
	}
	return it, false
}

// cshift records cshift(a, k) of rank-1 array a (a designator) by a
// constant shift k as the operand it is, a constructor of two sections:
// [a(lo+k:hi), a(lo:lo+k-1)] for k > 0, [a(hi+k+1:hi), a(lo:hi+k)] for
// k < 0 (|k| at most a's size: the segments' order, which the IF tests).
func (c *ctorSeg) cshift(x *ast.CallExpr) bool {
	info := c.w.info
	if len(x.Args) != 2 {
		return false // (a DIM argument: only 1 is possible at rank 1, but spelt so it is left alone)
	}
	var arr, shift ast.Expr
	for i, a := range x.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			switch kw.Name.Lower() {
			case "array":
				arr = kw.Value
			case "shift":
				shift = kw.Value
			}
			continue
		}
		if i == 0 {
			arr = a
		} else {
			shift = a
		}
	}
	if arr == nil || shift == nil || info.Rank(arr) != 1 {
		return false
	}
	v, ok := info.ConstValue(shift)
	if !ok || v.Kind != sema.IntValue || v.Int == 0 {
		return false
	}
	it, ok := c.designator(arr)
	if !ok {
		return false
	}
	k := constForm(v.Int)
	first, second := it, it
	if v.Int > 0 {
		first.lo, first.n = it.lo.plus(k), it.n.minus(k)
		second.n = k
	} else {
		first.lo, first.n = it.lo.plus(it.n).plus(k), constForm(0).minus(k)
		second.n = it.n.plus(k)
	}
	op := &segOperand{ctor: true, items: []segItem{first, second}, offs: []linForm{constForm(0), first.n, it.n}}
	c.ops[x] = op
	c.ctors = append(c.ctors, op)
	return true
}

// upper returns the upper bound of dimension d of array s, which id
// names: its declared constant, else ubound(id, d+1); false for an
// assumed size.
func (c *ctorSeg) upper(id ast.Expr, s *sema.Symbol, d int) (ast.Expr, bool) {
	dim := s.Dims[d]
	switch {
	case dim.Kind == sema.AssumedSize:
		return nil, false
	case dim.Kind == sema.ExplicitShape && dim.Hi.Const:
		return c.w.intLit(int(dim.Hi.Value)), true
	case dim.Kind == sema.ExplicitShape:
		// u(n) of a dummy n the procedure never defines: n, which the
		// sections of u spell too (u(2:n)).
		if id, ok := dim.Hi.Expr.(*ast.Ident); ok {
			if v := c.w.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && v.IsDummy() && len(v.Dims) == 0 &&
				(v.Intent == ast.IntentIn || c.w.info.NeverDefined(v)) && c.w.scope.Lookup(id.Name) == v {
				return c.w.use(v), true
			}
		}
	}
	return c.w.intrinsic("ubound", c.w.info.Clone(id), c.w.intLit(d+1)), true
}

// noPointer reports whether no part of designator x is a POINTER.
func (c *ctorSeg) noPointer(x ast.Expr) bool {
	for {
		var id *ast.Ident
		switch y := x.(type) {
		case *ast.Ident:
			id, x = y, nil
		case *ast.SelectorExpr:
			id, x = y.Sel, y.X
		case *ast.CallExpr:
			x = y.Fun
			continue
		default:
			return false
		}
		if s := c.w.info.ObjectOf(id); s == nil || s.Attrs&sema.AttrPointer != 0 {
			return false
		}
		if x == nil {
			return true
		}
	}
}

// segment returns the part of operand op on segment j: an element where
// the segment has one, else a section.
func (c *ctorSeg) segment(op *segOperand, j int) ast.Expr {
	info := c.w.info
	s, e := c.chain[j], c.chain[j+1]
	i := 0
	for op.ctor && i+1 < len(op.items) && c.pos(c.chain, op.offs[i+1]) <= j {
		i++
	}
	it, start := op.items[i], op.offs[i]
	if it.scalar != nil {
		return info.Clone(it.scalar)
	}
	elem := e.minus(s).equal(constForm(1))
	var sub ast.Expr = c.w.formExpr(it.lo.plus(s.minus(start)), c.atoms)
	if !elem {
		last := it.lo.plus(e.minus(start)).minus(constForm(1))
		sub = &ast.RangeExpr{Lo: sub, Hi: c.w.formExpr(last, c.atoms)}
	}
	args := make([]ast.Expr, len(it.args))
	for k, a := range it.args {
		if k != it.dim {
			args[k] = info.Clone(a)
		}
	}
	if len(args) == 0 {
		args = make([]ast.Expr, 1)
	}
	args[it.dim] = sub
	call := &ast.CallExpr{Fun: info.Clone(it.name), Args: args}
	k := it.call
	k.Section, k.Rank = !elem, 1
	if elem {
		k.Rank = 0
	}
	info.Calls[call] = k
	return call
}

// rebuild returns right side x on segment j.
func (c *ctorSeg) rebuild(x ast.Expr, j int) ast.Expr {
	info := c.w.info
	if op := c.ops[x]; op != nil {
		return c.segment(op, j)
	}
	if info.Rank(x) == 0 {
		return info.Clone(x)
	}
	switch y := x.(type) {
	case *ast.ParenExpr:
		return &ast.ParenExpr{Lparen: y.Lparen, X: c.rebuild(y.X, j)}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{OpPos: y.OpPos, Op: y.Op, OpLit: y.OpLit, X: c.rebuild(y.X, j)}
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{X: c.rebuild(y.X, j), OpPos: y.OpPos, Op: y.Op, OpLit: y.OpLit, Y: c.rebuild(y.Y, j)}
	case *ast.CallExpr: // an elemental intrinsic (scan)
		n := &ast.CallExpr{Fun: info.Clone(y.Fun), Lparen: y.Lparen}
		elem := c.chain[j+1].minus(c.chain[j]).equal(constForm(1))
		for _, a := range y.Args {
			if kw, ok := a.(*ast.KeywordArg); ok {
				n.Args = append(n.Args, &ast.KeywordArg{Name: info.Clone(kw.Name).(*ast.Ident), Value: c.rebuild(kw.Value, j)})
				continue
			}
			n.Args = append(n.Args, c.rebuild(a, j))
		}
		k := info.Calls[y]
		if elem {
			k.Rank = 0
		}
		info.Calls[n] = k
		return n
	}
	return info.Clone(x) // (scan admits no other)
}

// logicalInquiry returns a reference of the logical intrinsic inquiry
// name (allocated) with args.
func (w *whereLoops) logicalInquiry(name string, args ...ast.Expr) ast.Expr {
	c := w.intrinsic(name, args...).(*ast.CallExpr)
	k := w.info.Calls[c]
	k.Type = sema.Logical4
	k.Proc.Type = sema.Logical4
	w.info.Calls[c] = k
	return c
}
