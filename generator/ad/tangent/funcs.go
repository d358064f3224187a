package tangent

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// resultSym returns the result variable of function unit u, or nil.
func (g *gen) resultSym(u *ast.Unit) *sema.Symbol {
	if u.Kind != ast.FunctionUnit {
		return nil
	}
	name := u.Name
	if u.Result != nil {
		name = u.Result
	}
	return g.info.ScopeOf(u).LookupLocal(name.Lower())
}

// resultIdent returns the name of the result variable of function unit u.
func resultIdent(u *ast.Unit) *ast.Ident {
	if u.Result != nil {
		return u.Result
	}
	return u.Name
}

// activeFunc reports whether x is a reference to a function with a
// derivative version.
func (g *gen) activeFunc(x ast.Expr) (*ast.CallExpr, bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	k, ok := g.info.Calls[c]
	if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() {
		return nil, false
	}
	return c, g.pa.CallPattern(c) != nil
}

// hoist emits, for each reference to a function with a derivative version
// in exprs, a call of its tangent subroutine into temporaries, and records
// the temporaries in g.repl and their tangents in g.tmpD.
func (g *gen) hoist(exprs ...ast.Expr) ([]ast.Stmt, error) {
	var pre []ast.Stmt
	var err error
	var walk func(x ast.Expr, inActive bool)
	walk = func(x ast.Expr, inActive bool) {
		if x == nil || err != nil {
			return
		}
		switch x := x.(type) {
		case *ast.CallExpr:
			// An active reference in an argument of another is hoisted
			// first (arguments are evaluated before the reference);
			// call passes its temporary and tangent.
			c, active := g.activeFunc(x)
			for _, a := range x.Args {
				walk(a, inActive || active)
			}
			if active && err == nil {
				var s ast.Stmt
				g.hoisted = nil
				s, err = g.funcCall(c)
				if err == nil {
					pre = append(pre, g.hoisted...)
					pre = append(pre, s)
				}
			}
		case *ast.BinaryExpr, *ast.UnaryExpr:
			c := g.opRef(x) // dtype_op.go
			for _, a := range operands(x) {
				walk(a, inActive || c != nil)
			}
			if c != nil && err == nil {
				var s ast.Stmt
				g.hoisted = nil
				s, err = g.funcCall(c)
				if err == nil {
					pre = append(pre, g.hoisted...)
					pre = append(pre, s)
				}
			}
		case *ast.ParenExpr:
			walk(x.X, inActive)
		case *ast.KeywordArg:
			walk(x.Value, inActive)
		case *ast.RangeExpr:
			walk(x.Lo, inActive)
			walk(x.Hi, inActive)
			walk(x.Stride, inActive)
		case *ast.ArrayConstructor:
			for _, it := range x.Items {
				walk(it, inActive)
			}
		case *ast.ImpliedDo:
			for _, it := range x.Items {
				if _, ok := it.(*ast.CallExpr); ok {
					if err = g.checkCalls(it); err != nil {
						return
					}
				}
				walk(it, inActive)
			}
		}
	}
	for _, x := range exprs {
		walk(x, false)
	}
	return pre, err
}

// funcCall returns the call of the tangent subroutine of the function
// referenced by x, and makes the temporaries holding its result and tangent.
func (g *gen) funcCall(x *ast.CallExpr) (ast.Stmt, error) {
	callee := g.pa.CallPattern(g.callNode(x))
	t := g.info.TypeOf(g.callNode(x))
	if t == nil || !isFloat(t) && !decl.IsDerived(t) { // (derived: dtype_func.go)
		return nil, notSupported("active function reference '%s' with a non-scalar or non-real result", exprString(x.Fun))
	}
	if callee.Unit == nil || callee.Unit.Kind != ast.FunctionUnit {
		return nil, notSupported("active function reference '%s'", exprString(x.Fun))
	}
	if g.info.Rank(g.callNode(x)) != 0 {
		return g.arrayFuncCall(x, callee, t) // func_array.go
	}
	cs := &ast.CallStmt{Name: x.Fun, Args: x.Args}
	call, pre, err := g.call(cs, callee)
	if err != nil {
		return nil, err
	}
	g.hoisted = append(g.hoisted, pre...)
	base := callee.Proc.Name
	var tmp *ast.Ident
	for {
		g.ntmp++
		name := base + "_res" + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) == nil && g.scope.LookupLocal(name+g.suffix) == nil {
			tmp = ast.NewIdent(name)
			break
		}
	}
	g.repl[x] = tmp
	g.tmpDecls = append(g.tmpDecls, tmpDecl(tmp.Name, t))
	// After keyword arguments the result's must be keywords too: the
	// names of f_d's dummies (tangent.go: f_res_d when f_d is taken).
	keywords := len(x.Args) < len(callee.Unit.Args) // (an optional argument left out)
	for _, a := range call.Args {
		_, kw := a.(*ast.KeywordArg)
		keywords = keywords || kw
	}
	rid := resultIdent(callee.Unit).Name
	arg := func(name string, v ast.Expr) ast.Expr {
		if keywords {
			return &ast.KeywordArg{Name: ast.NewIdent(name), Value: v}
		}
		return v
	}
	call.Args = append(call.Args, arg(rid, tmp))
	if r := g.resultSym(callee.Unit); r != nil && callee.ActiveOut(r) {
		td := ast.NewIdent(tmp.Name + g.suffix)
		g.tmpD[x] = td
		g.tmpDecls = append(g.tmpDecls, tmpDecl(td.Name, t))
		name := rid + g.suffix
		if strings.EqualFold(name, routineName(callee, g.suffix)) {
			name = rid + "_res" + g.suffix
		}
		call.Args = append(call.Args, arg(name, td))
	}
	return call, nil
}

// tmpDecl declares a generated temporary of type t: a real or complex
// value, or an integer index.
func tmpDecl(name string, t *sema.Type) ast.Stmt {
	if decl.IsDerived(t) { // dtype_func.go
		return &ast.TypeDecl{Type: decl.DerivedType(t), DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}}
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
	switch {
	case t.IsComplex():
		ts.Kind = ast.Complex
	case t.IsInteger():
		// A loop index (derived.go).
		ts.Kind = ast.Integer
		if t.Kind == 4 {
			ts.KindSel = nil
		}
	}
	return &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{{Name: ast.NewIdent(name)}}}
}

// replace returns x with the references in g.repl replaced by their
// temporaries, rebuilding (never modifying) the nodes on the way.
func (g *gen) replace(x ast.Expr) ast.Expr {
	if x == nil || len(g.repl) == 0 {
		return x
	}
	switch n := x.(type) {
	case *ast.CallExpr:
		if t, ok := g.repl[n]; ok {
			return t
		}
		args := g.replaceList(n.Args)
		if args == nil {
			return x
		}
		c := *n
		c.Args = args
		return &c
	case *ast.BinaryExpr:
		if t, ok := g.repl[g.opCall[n]]; ok {
			return t // dtype_op.go
		}
		a, b := g.replace(n.X), g.replace(n.Y)
		if a == n.X && b == n.Y {
			return x
		}
		c := *n
		c.X, c.Y = a, b
		return &c
	case *ast.UnaryExpr:
		if t, ok := g.repl[g.opCall[n]]; ok {
			return t
		}
		a := g.replace(n.X)
		if a == n.X {
			return x
		}
		c := *n
		c.X = a
		return &c
	case *ast.ParenExpr:
		a := g.replace(n.X)
		if a == n.X {
			return x
		}
		c := *n
		c.X = a
		return &c
	case *ast.KeywordArg:
		a := g.replace(n.Value)
		if a == n.Value {
			return x
		}
		c := *n
		c.Value = a
		return &c
	case *ast.RangeExpr:
		lo, hi, st := g.replace(n.Lo), g.replace(n.Hi), g.replace(n.Stride)
		if lo == n.Lo && hi == n.Hi && st == n.Stride {
			return x
		}
		c := *n
		c.Lo, c.Hi, c.Stride = lo, hi, st
		return &c
	case *ast.ArrayConstructor:
		items := g.replaceList(n.Items)
		if items == nil {
			return x
		}
		c := *n
		c.Items = items
		return &c
	}
	return x
}

// replaceList returns the replaced list, or nil if nothing changed.
func (g *gen) replaceList(list []ast.Expr) []ast.Expr {
	changed := false
	out := make([]ast.Expr, len(list))
	for i, a := range list {
		out[i] = g.replace(a)
		if out[i] != a {
			changed = true
		}
	}
	if !changed {
		return nil
	}
	return out
}
