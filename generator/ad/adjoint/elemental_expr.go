package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An active expression passed to an elemental function referenced with
// array arguments (or an array expression to an array dummy of another
// function: to_spec(-g*abs(g))), as models write limiters and floors
// (h = floor_at(h, -0.9_wp*depth), rho(t, s, p0 + dp)): the adjoint
// f_b runs element by element, so the expression's adjoint is an array
// of the reference's shape, zeroed before f_b; after it, it goes to the
// expression's operands (summed first if the expression is a scalar):
//
//	backward: allocate(fadj_earg1_b, mold=h); fadj_earg1_b = 0
//	          h_b = floor_at_b(h, h_b, -0.9_wp*depth, fadj_earg1_b, r_b)
//	          depth_b = depth_b - 0.9_wp*fadj_earg1_b
//
// The operands hold their values of the reference there, as for an
// expression argument of a call (call_exprs.go).

// elementalExprArg reports whether actual a of dummy ds of a reference of
// callee, with actuals, is an expression to pass as above: callee is an
// elemental version referenced with arrays, ds is active and only read,
// and a is a real expression, not a variable.
func (g *gen) elementalExprArg(callee *activity.ProcActivity, actuals []ast.Expr, a ast.Expr, ds *sema.Symbol) bool {
	if (g.elementalArray(callee, actuals) == nil && !g.arrayExprArg(callee, a, ds)) || !g.info.TypeOf(a).IsReal() {
		return false
	}
	if decl.MayDefine(g.info, callee.Unit, ds) && !ds.Attrs.Has(sema.AttrValue) {
		return false
	}
	bs := g.baseSym(a)
	return bs == nil || bs.Kind != sema.VarSym || g.vectorSubscripted(a) // (a copy: call_exprs.go)
}

// elementalExprAdj returns the adjoint argument of expression a beside
// array argument arr of an elemental function, with the statements
// before and after the function's adjoint.
func (g *gen) elementalExprAdj(a, arr ast.Expr) (tb ast.Expr, pre, post []ast.Stmt, err error) {
	t := g.info.TypeOf(a)
	g.ntmp++
	name := "fadj_earg" + strconv.Itoa(g.ntmp) + g.suffix
	if err := g.arrayTemp(name, t, g.info.Rank(arr)); err != nil {
		return nil, nil, nil, err
	}
	tb = ast.NewIdent(name)
	pre = []ast.Stmt{
		decl.If(decl.Allocated(ast.Clone(tb)), decl.Deallocate(ast.Clone(tb))),
		decl.AllocateMold(ast.Clone(tb), ast.Clone(arr)),
		&ast.AssignStmt{Lhs: ast.Clone(tb), Rhs: deriv.Const("0", t)},
	}
	rb := ast.Clone(tb)
	if g.info.Rank(a) == 0 {
		s, err := g.local("fadj_esum"+strconv.Itoa(g.ntmp)+g.suffix, t)
		if err != nil {
			return nil, nil, nil, err
		}
		post = append(post, &ast.AssignStmt{Lhs: s, Rhs: deriv.Call("sum", ast.Clone(tb))})
		rb = ast.NewIdent(s.Name)
	}
	inc, err := g.adj(a, rb)
	if err != nil {
		return nil, nil, nil, err
	}
	return tb, pre, append(post, inc...), nil
}

// arrayExprArg reports whether actual a of dummy ds of a function that is
// not elemental is an array expression passed to an array dummy
// (to_spec(-g*abs(g))): its adjoint is an array temporary of a's shape,
// as beside an elemental reference (arr is a itself).
func (g *gen) arrayExprArg(callee *activity.ProcActivity, a ast.Expr, ds *sema.Symbol) bool {
	return !isElemental(callee.Unit) && g.info.Rank(a) > 0 && ds.Rank() > 0
}

// exprArgShape returns the array whose shape the adjoint temporary of
// expression argument a takes: an array argument of an elemental
// reference, else a itself.
func (g *gen) exprArgShape(callee *activity.ProcActivity, actuals []ast.Expr, a ast.Expr) ast.Expr {
	if arr := g.elementalArray(callee, actuals); arr != nil {
		return arr
	}
	return a
}
