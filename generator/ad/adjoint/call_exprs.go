package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An expression passed to an active dummy the callee only reads, as
// Runge-Kutta stages do (call rhs(n, u + 0.5d0*dt*k1, k2)): the callee's
// adjoint takes the expression, as the call did, and a temporary adjoint
// of its value, zero before it; after it, the temporary's adjoint goes to
// the expression's operands, as for an assignment tmp = expression:
//
//	backward: fadj_arg1_b = 0   (allocated with the expression's shape)
//	          call rhs_b(n, u + 0.5d0*dt*k1, fadj_arg1_b, k2, k2_b)
//	          u_b = u_b + fadj_arg1_b; k1_b = k1_b + 0.5d0*dt*fadj_arg1_b
//
// The operands hold their values of the call there: the call reads them,
// so the TBR analysis records what later statements overwrite.

// exprArg returns, for expression a passed to dummy ds of the call, the
// adjoint to pass for it and the statements before and after the callee's
// adjoint; ok false if a is not such an argument (ds may define it, or a
// is not real or complex).
func (g *gen) exprArg(c *activeCall, a ast.Expr, ds *sema.Symbol) (ab ast.Expr, pre, post []ast.Stmt, ok bool, err error) {
	t := g.info.TypeOf(a)
	if !isFloat(t) || decl.MayDefine(g.info, c.callee.Unit, ds) && !ds.Attrs.Has(sema.AttrValue) {
		return nil, nil, nil, false, nil
	}
	if bs := g.baseSym(a); bs != nil && bs.Kind == sema.VarSym && !g.vectorSubscripted(a) {
		return nil, nil, nil, false, nil // a variable without adjoint: not an expression
	} // (a vector subscript passes a copy: field(owner), its adjoint scattered back)
	if c.split {
		if err := g.splitExprArg(c, a, ds); err != nil {
			return nil, nil, nil, false, err
		}
	}
	g.ntmp++
	name := "fadj_arg" + strconv.Itoa(g.ntmp) + g.suffix
	rank := g.info.Rank(a)
	var tb ast.Expr
	if rank == 0 {
		id, err := g.local(name, t)
		if err != nil {
			return nil, nil, nil, false, err
		}
		tb = id
	} else {
		if err := g.arrayTemp(name, t, rank); err != nil {
			return nil, nil, nil, false, err
		}
		tb = ast.NewIdent(name)
		pre = append(pre,
			decl.If(decl.Allocated(ast.Clone(tb)), decl.Deallocate(ast.Clone(tb))),
			decl.AllocateMold(ast.Clone(tb), ast.Clone(a)))
	}
	pre = append(pre, &ast.AssignStmt{Lhs: ast.Clone(tb), Rhs: deriv.Const("0", t)})
	post, err = g.adj(a, tb)
	if err != nil {
		return nil, nil, nil, false, err
	}
	return tb, pre, post, true, nil
}

// splitExprArg rejects expression a of split call c when it reads a
// variable the call may define: bar_bwd takes the expression again, in
// the backward sweep, where such a variable holds the value the call left
// (the caller restores it after bar_bwd), not the one the call read.
func (g *gen) splitExprArg(c *activeCall, a ast.Expr, ds *sema.Symbol) error {
	defs := g.modref().Call(c.s, g.scope).Defs
	var err error
	ast.Inspect(a, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && err == nil {
			if v := g.info.ObjectOf(id); v != nil && defs[v] && !g.stageSections(c, a, v) { // num_stage_sections.go
				err = notSupported("an expression for '%s' of '%s' reading '%s', which the call may define, with calls: split (a joint call takes it)", ds.Name, exprString(c.s.Name), id.Name)
			}
		}
		return err == nil
	})
	return err
}
