package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A DO WHILE fixed-point loop with its exit in the middle of the body
// (the iteration count in the header, the convergence test on the new
// iterate, the relaxation after it):
//
//	do while (w)                 if (w) then
//	  A                            A
//	  if (c) exit                  if (.not. (c)) then
//	  B                              do while (w)
//	end do                             B
//	                                   A
//	                                   if (c) exit
//	                                 end do
//	                                 if (.not. (c)) B
//	                               end if
//	                             end if
//
// The same statements in the same order when B defines nothing w reads
// (w, tested before B instead of after it, has the same value): the
// loop left by w ran B last, which runs after the loop, where c is
// still false (nothing ran since it was tested); left by c, it did not.
// A and B appear twice (peelable), B calls no function (which might
// define what w reads), and w and c call only intrinsics (c is tested
// once more). A B ending with a count (it = it + 1), the rest of it
// defining nothing w reads, gets the header w with it + 1 for it: its
// value after B.

// fixedPointRotateWhile rotates DO WHILE d, if it qualifies.
func fixedPointRotateWhile(info *sema.Info, d *ast.DoConstruct) {
	if d.TermLabel != 0 || d.Label != 0 {
		return
	}
	i := midExit(d)
	if i <= 0 || i >= len(d.Body)-1 {
		return
	}
	if !peelable(d.Body[:i]) {
		fixedPointRotateFlag(info, d, d.Body, i) // fixedpoint_rotate_flag.go
		return
	}
	if !peelable(d.Body[i+1:]) {
		return
	}
	a, test, b := d.Body[:i], d.Body[i], d.Body[i+1:]
	cond := exitCond(test)
	if !intrinsicOnly(info, d.While) || !intrinsicOnly(info, cond) || !intrinsicOnly(info, &ast.Unit{Body: b}) {
		return
	}
	header := d.While
	if definesRead(info, b, d.While) {
		// B ends counting (it = it + 1): the header tested before B is
		// the header with it + 1 for it.
		v, k := countStep(info, b[len(b)-1])
		if v == nil || definesRead(info, b[:len(b)-1], d.While) {
			return
		}
		header = countedHeader(info, d.While, v, k)
	}
	list := parentList(info, d)
	if list == nil {
		return
	}
	peeled := clones(info, a)
	renameConstructs(peeled)
	again := clones(info, b)
	renameConstructs(again)
	not := func() ast.Expr {
		return &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: &ast.ParenExpr{X: info.Clone(cond)}}
	}
	var last ast.Stmt = &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: not(), Body: again}}, End: ast.EndStmt{Keyword: "if"}}
	if len(again) == 1 {
		if _, ok := again[0].(*ast.AssignStmt); ok {
			last = &ast.IfStmt{Cond: not(), Action: again[0]}
		}
	}
	guard := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: not(), Body: []ast.Stmt{d, last}}}, End: ast.EndStmt{Keyword: "if"}}
	run := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: info.Clone(d.While), Body: append(peeled, guard)}},
		End: ast.EndStmt{Keyword: "if"}}
	d.While = header
	run.StmtHeader.Start, guard.StmtHeader.Start = d.StmtHeader.Start, d.StmtHeader.Start
	run.Doc, d.Doc = d.Doc, nil
	d.Body = append(append(append([]ast.Stmt{}, b...), a...), test)
	for k, s := range *list {
		if s == ast.Stmt(d) {
			out := append(append([]ast.Stmt{}, (*list)[:k]...), run)
			*list = append(out, (*list)[k+1:]...)
			return
		}
	}
}

// intrinsicOnly reports whether n references no function but intrinsics.
func intrinsicOnly(info *sema.Info, n ast.Node) bool {
	ok := true
	ast.Inspect(n, func(m ast.Node) bool {
		if c, isCall := m.(*ast.CallExpr); isCall {
			if k, found := info.Calls[c]; found && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// definesRead reports whether list may define a variable e reads:
// assignments, DO variables, input/output and allocations.
func definesRead(info *sema.Info, list []ast.Stmt, e ast.Expr) bool {
	reads := map[*sema.Symbol]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if s := info.ObjectOf(id); s != nil {
				reads[s] = true
			}
		}
		return true
	})
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || reads[baseSymbol(info, n.Lhs)]
		case *ast.DoConstruct:
			found = found || n.Var != nil && reads[info.ObjectOf(n.Var)]
		case *ast.IOStmt, *ast.AllocateStmt, *ast.PointerAssignStmt:
			found = true
		}
		return !found
	})
	return found
}

// countStep returns v and k if s is v = v + k (or k + v), v an integer
// scalar variable and k an integer literal.
func countStep(info *sema.Info, s ast.Stmt) (*sema.Symbol, *ast.BasicLit) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Label != 0 {
		return nil, nil
	}
	id, ok := a.Lhs.(*ast.Ident)
	bin, ok2 := a.Rhs.(*ast.BinaryExpr)
	if !ok || !ok2 || bin.Op != token.PLUS {
		return nil, nil
	}
	v := info.ObjectOf(id)
	if v == nil || v.Rank() != 0 || v.Type == nil || !v.Type.IsInteger() {
		return nil, nil
	}
	for _, p := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		x, isID := p[0].(*ast.Ident)
		k, isLit := p[1].(*ast.BasicLit)
		if isID && isLit && k.Kind == token.INT && info.ObjectOf(x) == v {
			return v, k
		}
	}
	return nil, nil
}

// countedHeader returns header w with (v + k) for v.
func countedHeader(info *sema.Info, w ast.Expr, v *sema.Symbol, k *ast.BasicLit) ast.Expr {
	c := info.Clone(w)
	holder := &ast.ParenExpr{X: c}
	ast.Apply(holder, func(cur *ast.Cursor) bool {
		if id, ok := cur.Node().(*ast.Ident); ok && info.ObjectOf(id) == v {
			sum := &ast.BinaryExpr{X: info.Clone(id), Op: token.PLUS, OpLit: "+", Y: &ast.BasicLit{Kind: token.INT, Value: k.Value}}
			cur.Replace(&ast.ParenExpr{X: sum})
			return false
		}
		return true
	}, nil)
	return holder.X
}
