package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A DO without control whose statements before or after the mid-body
// exit cannot appear twice (CALLs of the residual and of the update, as
// solvers write them: do; call resid(x, r, res); if (res < tol) exit;
// call update(x, r); end do) is rotated with a flag instead of a copy:
//
//	fadj_fpf = .true.
//	do
//	  if (.not. fadj_fpf) then
//	    B
//	  end if
//	  A
//	  fadj_fpf = .false.
//	  if (c) exit
//	end do
//
// The same statements in the same order (A c B A c B ... A c); the loop
// is φ = A∘B past its first iteration, which is all the recording sweep
// and its adjoint see (the flag is false after the loop). A counted DO
// (countedRotates) or a DO WHILE whose B defines nothing the header reads
// runs B once more after the loop when its control ended it; B then
// appears twice (peelable).

// fixedPointRotateFlag rotates d (body its statements, i its exit's
// index) with a flag; false if it cannot.
func fixedPointRotateFlag(info *sema.Info, d *ast.DoConstruct, body []ast.Stmt, i int) bool {
	if d.Concurrent != nil || d.TermLabel != 0 || d.Label != 0 {
		return false
	}
	a, test, b := body[:i], body[i], body[i+1:]
	// A counted DO or a DO WHILE left by its control ran B last: B runs
	// again after the loop (flagLast).
	if d.Var != nil && !countedRotates(info, d, b) || d.While != nil &&
		(!peelable(b) || !intrinsicOnly(info, d.While) || !intrinsicOnly(info, exitCond(test)) ||
			!intrinsicOnly(info, &ast.Unit{Body: b}) || definesRead(info, b, d.While)) {
		return false
	}
	u := unitHolding(info, d)
	list := parentList(info, d)
	if u == nil || list == nil || info.Scopes[u] == nil {
		return false
	}
	w := &whereLoops{info: info, u: u, scope: info.Scopes[u]}
	f := w.temp("fadj_fpf", sema.Logical4, nil, 0)
	set := func(v bool) ast.Stmt {
		lit := &ast.BasicLit{Kind: token.LOGICAL, Value: ".false."}
		if v {
			lit.Value = ".true."
		}
		return &ast.AssignStmt{Lhs: w.use(f), Rhs: lit}
	}
	skip := &ast.IfConstruct{Branches: []*ast.IfBranch{{
		Cond: &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: w.use(f)},
		Body: append([]ast.Stmt{}, b...),
	}}, End: ast.EndStmt{Keyword: "if"}}
	d.Body = append(append(append([]ast.Stmt{skip}, a...), set(false)), test)
	init := set(true)
	init.Header().Doc, d.Doc = d.Doc, nil
	after := []ast.Stmt{init, d}
	if last := flagLast(info, d, w.use(f), exitCond(test), b); last != nil {
		after = append(after, last)
	}
	for k, s := range *list {
		if s == ast.Stmt(d) {
			out := append(append([]ast.Stmt{}, (*list)[:k]...), after...)
			*list = append(out, (*list)[k+1:]...)
			return true
		}
	}
	return false
}

// flagLast returns, for a counted DO or a DO WHILE, the last B the
// original loop ran when its control ended it: if (.not. f .and. it > e)
// (the count ran to its end), or if (.not. f .and. .not. (c)) (the
// header was false: c, tested last with nothing run since, is false);
// f true means the loop did not run. Nil for a DO without control.
func flagLast(info *sema.Info, d *ast.DoConstruct, f ast.Expr, c ast.Expr, b []ast.Stmt) ast.Stmt {
	var ended ast.Expr
	switch {
	case d.Var != nil:
		ended = &ast.BinaryExpr{X: info.Clone(d.Var), Op: token.GT, OpLit: ">", Y: info.Clone(d.Stop)}
	case d.While != nil:
		ended = &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: &ast.ParenExpr{X: info.Clone(c)}}
	default:
		return nil
	}
	again := clones(info, b)
	unlabelTerms(again)
	renameConstructs(again)
	cond := &ast.BinaryExpr{X: &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: f}, Op: token.AND, OpLit: ".and.", Y: ended}
	return &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: again}}, End: ast.EndStmt{Keyword: "if"}}
}

// unitHolding returns the unit whose statements hold d.
func unitHolding(info *sema.Info, d *ast.DoConstruct) *ast.Unit {
	for n := range info.Scopes {
		u, ok := n.(*ast.Unit)
		if !ok {
			continue
		}
		found := false
		ast.Inspect(&ast.Unit{Body: u.Body}, func(m ast.Node) bool {
			found = found || m == ast.Node(d)
			return !found
		})
		if found {
			return u
		}
	}
	return nil
}
