package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An element of an F77 work array passed as the start of an array
// (call fcn(n, p, t, v, wa(1)), wa declared wa(*)) lets the callee reach
// the array from that element on; the adjoint recorded the whole array
// before such a call when the callee may define it, which an
// assumed-size array cannot be. When the callee's dummy has an explicit
// shape whose bounds are constants or the callee's dummies (der(n)), the
// callee reaches wa(k : k + n - 1) only: elementSection returns that
// section, with the actual arguments for the callee's dummies.

// elementSection returns the section of assumed-size array v that
// element x (v(k)) passed to dummy d of a call with actual arguments args
// (in the order of the callee's dummies) gives the callee, or nil.
func (g *gen) elementSection(x ast.Expr, v, d *sema.Symbol, args []ast.Expr) ast.Expr {
	if id, isID := x.(*ast.Ident); isID && v != nil && d != nil && len(v.Dims) == 1 && len(d.Dims) > 0 {
		x = g.firstElement(id, v) // the whole v(*): from its first element (to y(n) too)
	}
	ce, ok := x.(*ast.CallExpr)
	if !ok || v == nil || d == nil || len(v.Dims) == 0 || v.Dims[len(v.Dims)-1].Kind != sema.AssumedSize || len(ce.Args) != len(v.Dims) || len(d.Dims) == 0 {
		return nil
	}
	for _, a := range ce.Args {
		if _, isRange := a.(*ast.RangeExpr); isRange || g.info.Rank(a) != 0 {
			return nil
		}
	}
	if assumedSizeLike(d) { // dy(*), or the F66 dy(1): legacy_reach.go
		if d.Owner == nil || d.Owner.Unit == nil {
			return nil
		}
		r, ok := g.dummyReach(d.Owner.Unit, d, args)
		if !ok {
			return nil
		}
		return g.reachRef(ce, v, r)
	}
	if len(v.Dims) != 1 {
		return nil
	}
	var size ast.Expr
	for _, dim := range d.Dims {
		if dim.Kind != sema.ExplicitShape || dim.Hi.Expr == nil {
			return nil
		}
		hi := g.actualBound(dim.Hi.Expr, d, args)
		if hi == nil {
			return nil
		}
		ext := hi
		if dim.Lo.Expr != nil {
			lo := g.actualBound(dim.Lo.Expr, d, args)
			if lo == nil {
				return nil
			}
			ext = deriv.Add(deriv.Sub(hi, lo), deriv.Int(1))
		}
		ext = &ast.ParenExpr{X: ext}
		if size == nil {
			size = ext
		} else {
			size = deriv.Mul(size, ext)
		}
	}
	k := g.info.Clone(ce.Args[0])
	hi := deriv.Sub(deriv.Add(&ast.ParenExpr{X: k}, size), deriv.Int(1))
	id := ast.NewIdent(exprString(ce.Fun))
	g.info.Uses[id] = v
	sec := &ast.CallExpr{Fun: id, Args: []ast.Expr{&ast.RangeExpr{Lo: g.info.Clone(ce.Args[0]), Hi: hi}}}
	g.info.Calls[sec] = sema.Call{Kind: sema.ArrayElement, Proc: v, Section: true, Type: v.Type, Rank: 1}
	return sec
}

// actualBound returns bound expression b of dummy d of the callee with
// the callee's dummies replaced by their actual arguments, or nil if it
// names anything else (a PARAMETER or a common variable of the callee,
// which the caller cannot name).
func (g *gen) actualBound(b ast.Expr, d *sema.Symbol, args []ast.Expr) ast.Expr {
	ok := true
	out := ast.Apply(&ast.ParenExpr{X: g.info.Clone(b)}, nil, func(c *ast.Cursor) bool {
		id, isID := c.Node().(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		s := g.info.ObjectOf(id)
		if s == nil || s.Owner != d.Owner || !s.IsDummy() || s.ArgIndex < 0 || s.ArgIndex >= len(args) || args[s.ArgIndex] == nil {
			ok = false
			return false
		}
		if _, kw := args[s.ArgIndex].(*ast.KeywordArg); kw {
			ok = false
			return false
		}
		c.Replace(&ast.ParenExpr{X: g.info.Clone(args[s.ArgIndex])})
		return true
	})
	if !ok {
		return nil
	}
	return out.(*ast.ParenExpr).X
}

// callSection is elementSection for argument a.Expr of call s, as the
// mod/ref analysis gives it.
func (g *gen) callSection(s *ast.CallStmt, x ast.Expr, v, d *sema.Symbol) ast.Expr {
	p := g.info.CallStmts[s].Proc
	if p == nil || p.Proc == nil || p.Proc.Unit == nil {
		return nil
	}
	args, ok := positional(s.Args, p.Proc.Unit.Args)
	if !ok {
		return nil
	}
	return g.elementSection(x, v, d, args)
}

// firstElement returns the first element of rank-1 array v, which id
// names: v(1), or v(lo) of v(lo:*).
func (g *gen) firstElement(id *ast.Ident, v *sema.Symbol) ast.Expr {
	var lo ast.Expr = deriv.Int(1)
	if b := v.Dims[0].Lo.Expr; b != nil {
		if n, ok := intConst(b); !ok {
			return id // (a bound the caller may not name as written)
		} else {
			lo = deriv.Int(int(n))
		}
	}
	fun := ast.NewIdent(id.Name)
	g.info.Uses[fun] = v
	ce := &ast.CallExpr{Fun: fun, Args: []ast.Expr{lo}}
	g.info.Calls[ce] = sema.Call{Kind: sema.ArrayElement, Proc: v, Type: v.Type}
	return ce
}
