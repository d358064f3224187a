package tangent

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Active references of functions with an explicit-shape array result.
// The tangent routine f_d(args, tangents, r, r_d) takes the result and
// its tangent as arrays of the result's shape, which the caller does not
// know without evaluating the result's bounds: so the reference is
// evaluated first into an allocatable temporary (r = f(args)), the
// tangent temporary allocated with its shape, then f_d called. The
// function runs twice, so one that may change anything but its result
// and locals (a global, an argument, through a call) is rejected.

// arrayFuncCall returns the call of the tangent of array-valued function
// reference x (of type t), and hoists the evaluation and allocation
// before it.
func (g *gen) arrayFuncCall(x *ast.CallExpr, callee *activity.ProcActivity, t *sema.Type) (ast.Stmt, error) {
	r := g.resultSym(callee.Unit)
	if r == nil || !callee.ActiveOut(r) {
		return nil, notSupported("active reference of array-valued function '%s' with a passive result", exprString(x.Fun))
	}
	if allocResult(r) {
		return g.allocResultCall(x, callee, t) // alloc_result.go
	}
	if why := g.sideEffect(callee.Unit); why != "" {
		return nil, notSupported("active reference of array-valued function '%s', which %s", exprString(x.Fun), why)
	}
	cs := &ast.CallStmt{Name: x.Fun, Args: x.Args}
	call, pre, err := g.call(cs, callee)
	if err != nil {
		return nil, err
	}
	rank := g.info.Rank(x)
	tmp := g.arrayTemp(callee.Proc.Name+"_res", t, rank)
	td := ast.NewIdent(tmp.Name + g.suffix)
	g.tmpDecls = append(g.tmpDecls, arrayDecl(td.Name, t, rank))
	g.repl[x], g.tmpD[x] = tmp, td
	value := &ast.AssignStmt{Lhs: ast.NewIdent(tmp.Name), Rhs: g.replace(&ast.CallExpr{Fun: x.Fun, Args: x.Args})}
	g.hoisted = append(g.hoisted, pre...)
	g.hoisted = append(g.hoisted, value)
	lo, hi := decl.Bounds(ast.NewIdent(tmp.Name), rank)
	g.hoisted = append(g.hoisted, decl.Realign(ast.NewIdent(td.Name), lo, hi, decl.AllocateMold(ast.NewIdent(td.Name), ast.NewIdent(tmp.Name)))...)
	call.Args = append(call.Args, resultArgs(call.Args, callee, g.suffix, ast.NewIdent(tmp.Name), ast.NewIdent(td.Name), len(x.Args) < len(callee.Unit.Args))...) // (keywords after keywords: alloc_result.go)
	return call, nil
}

// arrayTemp declares a new allocatable array temporary prefixN of type t.
func (g *gen) arrayTemp(prefix string, t *sema.Type, rank int) *ast.Ident {
	for {
		g.ntmp++
		name := prefix + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) == nil && g.scope.LookupLocal(name+g.suffix) == nil {
			g.tmpDecls = append(g.tmpDecls, arrayDecl(name, t, rank))
			return ast.NewIdent(name)
		}
	}
}

// arrayDecl declares name an allocatable real or complex array of t's
// kind and rank rank.
func arrayDecl(name string, t *sema.Type, rank int) ast.Stmt {
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
	if t.IsComplex() {
		ts.Kind = ast.Complex
	}
	e := &ast.Entity{Name: ast.NewIdent(name)}
	for i := 0; i < rank; i++ {
		e.Dims = append(e.Dims, &ast.Dim{Colon: true})
	}
	return &ast.TypeDecl{Type: ts, Attrs: []*ast.Attr{{Kind: ast.AttrAllocatable}}, DColon: true, Entities: []*ast.Entity{e}}
}

// sideEffect returns why function unit u may change something other
// than its result and locals (it defines a dummy or a variable of
// another scope, or calls a procedure or a function that is not
// intrinsic), or "".
func (g *gen) sideEffect(u *ast.Unit) string {
	own := g.info.ScopeOf(u)
	why := ""
	visit := func(n ast.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.CallStmt:
			if c := g.info.CallStmts[n]; !c.IsIntrinsic() {
				why = "calls '" + exprString(n.Name) + "'"
			}
		case *ast.CallExpr:
			if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() && !pureFunction(c.Proc) { // func_pure.go
				why = "references function '" + exprString(n.Fun) + "'"
			}
		case *ast.AssignStmt:
			if b := g.baseSym(n.Lhs); b == nil || b.Owner != own || (b.IsDummy() && b != g.resultSym(u)) {
				why = "assigns '" + exprString(n.Lhs) + "'"
			}
		}
		return true
	}
	for _, st := range u.Body {
		ast.Inspect(st, visit)
	}
	if why == "" && len(u.Procs) > 0 {
		why = "has internal procedures"
	}
	return why
}

// explicitShape reports whether s is a scalar or an explicit-shape array
// that is neither allocatable nor a pointer.
func explicitShape(s *sema.Symbol) bool {
	if s.Attrs.Has(sema.AttrAllocatable) || s.Attrs.Has(sema.AttrPointer) {
		return false
	}
	for _, d := range s.Dims {
		if d.Kind != sema.ExplicitShape {
			return false
		}
	}
	return true
}

// resultShapeOK reports whether function result s can be an argument of
// the tangent routine: a scalar, an explicit-shape array, or an
// allocatable array (alloc_result.go).
func resultShapeOK(s *sema.Symbol) bool {
	return explicitShape(s) || allocResult(s)
}
