package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A FORALL assignment that reads its array at lower and higher indices
// (forall (i = 2:n-1) a(i) = (a(i-1) + a(i+1))/2), or otherwise than
// shifted along its indices (a(n+1-i), sum(a)), runs as it is in the
// forward sweep, after a record of the whole array: no loop order is
// known to read only old values. Its adjoint is that of the array assignment it is:
// with the old values restored, the adjoint of the left side is copied
// (fadj_tmp<n> = a_b), the elements assigned have their adjoints zeroed,
// and a loop nest over the index values where the mask holds adds to
// the adjoints of what each right side reads its partials times the
// copy's element, in any order (increments commute). The mask and the
// right sides are evaluated on the values of before the assignment, as
// FORALL evaluates them.

// forallCopy reverses FORALL assignment a over specs (mask, or nil), with
// header h, whose right side reads its array in no known loop order.
func (g *gen) forallCopy(h ast.StmtHeader, specs []*ast.ForallSpec, mask ast.Expr, a *ast.AssignStmt) (fwd, bwd []ast.Stmt, err error) {
	lhs := a.Lhs.(*ast.CallExpr) // forallOrder: an element a(...)
	whole := lhs.Fun.(*ast.Ident)
	for _, x := range []ast.Expr{a.Rhs, mask} {
		if x == nil {
			continue
		}
		if err := g.checkCalls(x); err != nil {
			return nil, nil, err
		}
	}
	push, pop, err := g.pushPop(whole)
	if err != nil {
		return nil, nil, err
	}
	f := &ast.ForallStmt{Specs: specs, Mask: mask, Assign: a}
	f.StmtHeader = h
	fwd, bwd = []ast.Stmt{push, f}, []ast.Stmt{pop}
	base := g.baseSym(whole)
	if !g.hasAdj(base) || !hasShadow(g.info.TypeOf(a.Lhs)) {
		return fwd, bwd, nil
	}
	lhsB, err := g.lhsAdjRef(a.Lhs)
	if err != nil {
		return nil, nil, err
	}
	wholeB, err := g.adjRef(whole)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := g.adjointTemp(base.Type, base.Rank())
	if err != nil {
		return nil, nil, err
	}
	seed := &ast.CallExpr{Fun: ast.Clone(tmp), Args: lhs.Args}
	incs, err := g.adj(a.Rhs, g.convertAdj(a, seed))
	if err != nil {
		return nil, nil, err
	}
	zero := &ast.AssignStmt{Lhs: lhsB, Rhs: deriv.Const("0", base.Type)}
	bwd = append(bwd, &ast.AssignStmt{Lhs: tmp, Rhs: wholeB},
		plainNest(specs, mask, []ast.Stmt{zero}), plainNest(specs, mask, g.backRef(a, incs)))
	return fwd, bwd, nil
}

// plainNest returns the DO nest running body over the index values of
// specs where mask (if any) holds, as code of the backward sweep (not
// reversed).
func plainNest(specs []*ast.ForallSpec, mask ast.Expr, body []ast.Stmt) ast.Stmt {
	if mask != nil {
		body = []ast.Stmt{&ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: ast.Clone(mask), Body: body}},
			End: ast.EndStmt{Keyword: "if"}}}
	}
	for k := len(specs) - 1; k >= 0; k-- {
		sp := specs[k]
		d := &ast.DoConstruct{Var: ast.NewIdent(sp.Var.Name), Start: ast.Clone(sp.Lo), Stop: ast.Clone(sp.Hi), Body: body,
			End: ast.EndStmt{Keyword: "do"}}
		if sp.Stride != nil {
			d.Step = ast.Clone(sp.Stride)
		}
		body = []ast.Stmt{d}
	}
	return body[0]
}
