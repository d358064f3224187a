package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An array-valued selector that is not a variable (g => x*x + 1.0d0,
// flux => u*v) gives, as a scalar value does, a copy the body cannot
// define: a BLOCK local assigned first (associate_value.go). The local
// is an automatic array with the shape of a whole array the expression
// applies elemental operations to, size(x, 1), ...: BlockLocals can
// hoist it when that array is a dummy the procedure never defines, and
// the name's lower bounds are 1, as the standard gives an expression's.
// An expression whose shape comes from elsewhere (matmul, a section, a
// local array) keeps the construct.

// arrayDims returns the bounds of a local holding array value e, nil if
// e has no whole array operand of its rank reached through elemental
// operations only.
func (x *expander) arrayDims(e ast.Expr) []*ast.Dim {
	r := x.info.Rank(e)
	v := x.shapeSource(e, r)
	if v == nil {
		return nil
	}
	s := x.info.Uses[v]
	dims := make([]*ast.Dim, r)
	for d := range dims {
		if n, ok := s.Dims[d].Extent(); ok {
			dims[d] = &ast.Dim{Hi: intLit(n)}
			continue
		}
		if s.ArgIndex < 0 {
			return nil // BlockLocals hoists bounds that read dummies only
		}
		dims[d] = &ast.Dim{Hi: x.sizeRef(v, d+1)}
	}
	return dims
}

// shapeSource returns a whole array variable of rank r that the
// elemental operations of e apply to, nil if there is none.
func (x *expander) shapeSource(e ast.Expr, r int) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		s := x.info.Uses[e]
		if s != nil && s.Kind == sema.VarSym && s.Selector == nil && s.Rank() == r && s.Module() == nil &&
			s.Attrs&(sema.AttrPointer|sema.AttrAllocatable) == 0 {
			return e
		}
	case *ast.ParenExpr:
		return x.shapeSource(e.X, r)
	case *ast.UnaryExpr:
		if x.info.Operators[e] == nil {
			return x.shapeSource(e.X, r)
		}
	case *ast.BinaryExpr:
		if x.info.Operators[e] != nil {
			return nil
		}
		if v := x.shapeSource(e.X, r); v != nil {
			return v
		}
		return x.shapeSource(e.Y, r)
	case *ast.CallExpr:
		c, ok := x.info.Calls[e]
		if !ok || !c.IsIntrinsic() || c.Proc.Proc.Intrinsic == nil || !c.Proc.Proc.Intrinsic.Elemental {
			return nil
		}
		for _, a := range e.Args {
			if k, ok := a.(*ast.KeywordArg); ok {
				a = k.Value
			}
			if v := x.shapeSource(a, r); v != nil {
				return v
			}
		}
	}
	return nil
}

// sizeRef returns size(v, d), registered as a reference of the
// intrinsic.
func (x *expander) sizeRef(v *ast.Ident, d int) ast.Expr {
	fun := ast.NewIdent("size")
	sym := &sema.Symbol{Name: "size", Kind: sema.ProcSym, ArgIndex: -1, Attrs: sema.AttrIntrinsic, Type: sema.Int4,
		Owner: x.info.Global, Proc: &sema.Proc{Kind: sema.ProcIntrinsic, Form: sema.FormFunction, Intrinsic: sema.LookupIntrinsic("size")}}
	x.info.Uses[fun] = sym
	call := &ast.CallExpr{Fun: fun, Args: []ast.Expr{x.clone(v), &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(d)}}}
	x.info.Calls[call] = sema.Call{Kind: sema.FunctionCall, Proc: sym, Type: sema.Int4}
	return call
}
