package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Vector subscripts on the right side of an assignment: the adjoint of
// y = x(idx) is a scatter-add x_b(idx(k)) = x_b(idx(k)) + y_b(k), one
// element at a time, since idx may repeat an element (a whole-section
// increment x_b(idx) = x_b(idx) + y_b would keep one of the repeats).

// vectorElement reports whether x is an element reference of a named
// array (not a component) with at least one vector subscript.
func (g *gen) vectorElement(x ast.Expr) (*ast.CallExpr, bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	if _, ok := c.Fun.(*ast.Ident); !ok || g.info.Calls[c].Kind != sema.ArrayElement {
		return nil, false
	}
	return c, vectorSubscript(g.info, c)
}

// scatterAdd returns the increment of the adjoint of x, an array reference
// with vector subscripts, by rb: the vector subscripts are evaluated once
// into integer temporaries, rb into a real one of the section's shape, and
// a loop nest adds the elements one at a time (a triplet lo:hi:st maps
// loop index k to lo + (k-1)*st).
func (g *gen) scatterAdd(x *ast.CallExpr, rb ast.Expr) ([]ast.Stmt, error) {
	return g.scatterAddPath(x, g.info.TypeOf(x), rb, func(el ast.Expr) ast.Expr { return el })
}

// scatterAddPath is scatterAdd for a reference of type t made of x's
// element el by path (a component of it: vecsub_comp.go).
func (g *gen) scatterAddPath(x *ast.CallExpr, t *sema.Type, rb ast.Expr, path func(ast.Expr) ast.Expr) ([]ast.Stmt, error) {
	var out []ast.Stmt
	var shape []ast.Expr
	var loopVars []*ast.Ident
	subs := make([]ast.Expr, len(x.Args))
	for i, a := range x.Args {
		if g.info.Rank(a) == 0 {
			if _, ok := a.(*ast.RangeExpr); !ok {
				subs[i] = a
				continue
			}
		}
		k, err := g.local("fadj_vk"+strconv.Itoa(len(loopVars)+1), intType)
		if err != nil {
			return nil, err
		}
		loopVars = append(loopVars, k)
		sub, extent, init, err := g.scatterDim(x, i, k)
		if err != nil {
			return nil, err
		}
		out = append(out, init...)
		subs[i], shape = sub, append(shape, extent)
	}
	g.ntmp++
	name := "fadj_tmp" + strconv.Itoa(g.ntmp) + g.suffix
	if err := g.arrayTemp(name, t, len(shape)); err != nil {
		return nil, err
	}
	out = append(out,
		&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent(name), Args: shape}}},
		&ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: rb})
	id := x.Fun.(*ast.Ident)
	elemB := path(&ast.CallExpr{Fun: ast.NewIdent(id.Name + g.suffix), Args: subs})
	var idx []ast.Expr
	for _, k := range loopVars {
		idx = append(idx, ast.NewIdent(k.Name))
	}
	var body ast.Stmt = &ast.AssignStmt{Lhs: elemB, Rhs: deriv.Add(ast.Clone(elemB), &ast.CallExpr{Fun: ast.NewIdent(name), Args: idx})}
	for j := range loopVars { // the first subscript innermost
		body = &ast.DoConstruct{Var: ast.NewIdent(loopVars[j].Name), Start: deriv.Int(1), Stop: ast.Clone(shape[j]),
			Body: []ast.Stmt{body}, End: ast.EndStmt{Keyword: "do"}}
	}
	return append(out, body, &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ast.NewIdent(name)}}), nil
}

// vectorTemp declares a rank-1 allocatable integer temporary of t's kind
// (allocated by its first assignment).
func (g *gen) vectorTemp(t *sema.Type) (*ast.Ident, error) {
	g.ntmp++
	name := "fadj_vi" + strconv.Itoa(g.ntmp)
	if g.scope.LookupLocal(name) != nil {
		return nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
	}
	ts := &ast.TypeSpec{Kind: ast.Integer}
	if t != nil && t.Kind != 4 {
		ts.KindSel = deriv.Int(t.Kind)
	}
	g.decls = append(g.decls, &ast.TypeDecl{Type: ts, Attrs: []*ast.Attr{{Kind: ast.AttrAllocatable}}, DColon: true,
		Entities: []*ast.Entity{{Name: ast.NewIdent(name), Dims: []*ast.Dim{{Colon: true}}}}})
	return ast.NewIdent(name), nil
}

// scatterDim returns, for the non-scalar subscript i of x and loop index
// k, the subscript of element k, the extent, and the statements
// evaluating a vector subscript into its temporary.
func (g *gen) scatterDim(x *ast.CallExpr, i int, k *ast.Ident) (sub, extent ast.Expr, init []ast.Stmt, err error) {
	a := x.Args[i]
	if r, ok := a.(*ast.RangeExpr); ok {
		arr := x.Fun.(*ast.Ident)
		lo, hi, st := r.Lo, r.Hi, r.Stride
		if lo == nil {
			lo = deriv.Call("lbound", ast.NewIdent(arr.Name), deriv.Int(i+1))
		}
		if hi == nil {
			hi = deriv.Call("ubound", ast.NewIdent(arr.Name), deriv.Int(i+1))
		}
		if st == nil {
			st = deriv.Int(1)
		}
		one := deriv.Int(1)
		sub = deriv.Add(ast.Clone(lo), deriv.Mul(deriv.Sub(ast.NewIdent(k.Name), one), ast.Clone(st)))
		n := deriv.Div(deriv.Add(deriv.Sub(ast.Clone(hi), ast.Clone(lo)), ast.Clone(st)), ast.Clone(st))
		return sub, deriv.Call("max", deriv.Int(0), n), nil, nil
	}
	vi, err := g.vectorTemp(g.info.TypeOf(a))
	if err != nil {
		return nil, nil, nil, err
	}
	init = []ast.Stmt{&ast.AssignStmt{Lhs: vi, Rhs: a}}
	sub = &ast.CallExpr{Fun: ast.NewIdent(vi.Name), Args: []ast.Expr{ast.NewIdent(k.Name)}}
	return sub, deriv.Call("size", ast.NewIdent(vi.Name)), init, nil
}

// A vector subscript on a left side repeats no element (the standard
// forbids it there): x_b(idx) is the adjoint of x(idx) = e, read and
// zeroed whole.

// lhsAdjRef is adjRef for the left side x of an assignment.
func (g *gen) lhsAdjRef(x ast.Expr) (ast.Expr, error) {
	if c, ok := g.vectorElement(x); ok {
		id := c.Fun.(*ast.Ident)
		if s := g.info.ObjectOf(id); s == nil || s == g.result || s.Module() != nil {
			return nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
		}
		return &ast.CallExpr{Fun: ast.NewIdent(id.Name + g.suffix), Args: c.Args}, nil
	}
	return g.adjRef(x)
}

// vectorPushPop returns the record of left side x, a section with a
// vector subscript, and its restoration, through a temporary (a
// vector-subscripted section cannot receive a pop as an actual
// argument): tmp = x, pushed; popped into tmp, x = tmp.
func (g *gen) vectorPushPop(x ast.Expr) (push, pop []ast.Stmt, err error) {
	t := g.info.TypeOf(x)
	typ, ok := tape.TypeOf(t)
	if !ok || !t.IsReal() {
		return nil, nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
	}
	g.ntmp++
	name := "fadj_tmp" + strconv.Itoa(g.ntmp)
	if err := g.arrayTemp(name, t, g.info.Rank(x)); err != nil {
		return nil, nil, err
	}
	tmp := func() ast.Expr { return ast.NewIdent(name) }
	size := func() ast.Expr { return deriv.Call("size", tmp()) }
	push = []ast.Stmt{&ast.AssignStmt{Lhs: tmp(), Rhs: x}, tapePushArray(typ, tmp(), size())}
	pop = []ast.Stmt{&ast.AssignStmt{Lhs: tmp(), Rhs: x}, tapePopArray(typ, tmp(), size()), &ast.AssignStmt{Lhs: ast.Clone(x), Rhs: tmp()}}
	return push, pop, nil
}
