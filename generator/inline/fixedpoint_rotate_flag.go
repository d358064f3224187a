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
// and its adjoint see (the flag is false after the loop).

// fixedPointRotateFlag rotates d (body its statements, i its exit's
// index) with a flag; false if it cannot.
func fixedPointRotateFlag(info *sema.Info, d *ast.DoConstruct, body []ast.Stmt, i int) bool {
	if d.Var != nil || d.While != nil || d.Concurrent != nil || d.TermLabel != 0 || d.Label != 0 {
		return false
	}
	u := unitHolding(info, d)
	list := parentList(info, d)
	if u == nil || list == nil || info.Scopes[u] == nil {
		return false
	}
	a, test, b := body[:i], body[i], body[i+1:]
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
	for k, s := range *list {
		if s == ast.Stmt(d) {
			out := append(append([]ast.Stmt{}, (*list)[:k]...), init, d)
			*list = append(out, (*list)[k+1:]...)
			return true
		}
	}
	return false
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
