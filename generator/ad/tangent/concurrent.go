package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Active DO CONCURRENT in tangent mode.
//
// The tangent of an iteration reads and writes what the iteration does
// and the tangents of the same elements, so the iterations stay
// independent: the construct is kept, header and mask as they are, with
// the tangent statements in its body. Only when the body references a
// procedure other than an intrinsic does it become an ordinary DO nest
// (the first index outermost, the mask an IF): a procedure referenced in
// DO CONCURRENT must be PURE, and tangent procedures are not (they are
// generated without PURE). The index variables are local to the
// construct, so the nest saves and restores those of the routine.

// concurrent returns the tangent of active DO CONCURRENT s.
func (g *gen) concurrent(s *ast.DoConstruct) ([]ast.Stmt, error) {
	if err := g.checkCalls(s.Mask); err != nil {
		return nil, err
	}
	for _, sp := range s.Concurrent {
		for _, x := range []ast.Expr{sp.Lo, sp.Hi, sp.Stride} {
			if err := g.checkCalls(x); err != nil {
				return nil, err
			}
		}
	}
	body, err := g.stmts(s.Body)
	if err != nil {
		return nil, err
	}
	if !g.referencesProcedure(s.Body) {
		n := ast.Copy(s).(*ast.DoConstruct)
		n.Body = body
		return []ast.Stmt{n}, nil
	}
	return g.concurrentNest(s, body)
}

// referencesProcedure reports whether list references a procedure that
// is not intrinsic.
func (g *gen) referencesProcedure(list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallStmt:
				found = true
			case *ast.CallExpr:
				if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// concurrentNest returns DO CONCURRENT s as a DO nest running body (its
// name on the innermost loop), the index variables of the routine kept
// in locals around it.
func (g *gen) concurrentNest(s *ast.DoConstruct, body []ast.Stmt) ([]ast.Stmt, error) {
	var err error
	ast.Inspect(s.Mask, func(n ast.Node) bool {
		// The mask is evaluated for every index value first; the nest
		// evaluates it before each iteration.
		if id, ok := n.(*ast.Ident); ok && err == nil {
			if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && decl.Assigns(g.info, s.Body, v) {
				err = notSupported("DO CONCURRENT calling a procedure, whose mask reads '%s', which its body defines", v.Name)
			}
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if s.Mask != nil {
		body = []ast.Stmt{&ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: s.Mask, Body: body}}, End: ast.EndStmt{Keyword: "if"}}}
	}
	var save, restore []ast.Stmt
	for k := len(s.Concurrent) - 1; k >= 0; k-- {
		sp := s.Concurrent[k]
		d := &ast.DoConstruct{Var: ast.NewIdent(sp.Var.Name), Start: sp.Lo, Stop: sp.Hi, Step: sp.Stride, Body: body,
			End: ast.EndStmt{Keyword: "do"}}
		if k == len(s.Concurrent)-1 && s.Name != nil {
			// CYCLE name goes to the next index values: the
			// innermost loop's next iteration.
			d.Name, d.End.Name = s.Name, ast.NewIdent(s.Name.Name)
		}
		body = []ast.Stmt{d}
		if !loops.IndexUsedOutside(g.pa.Unit.Body, sp.Var.Name) {
			continue // nothing reads the routine's variable of that name
		}
		t := g.newTemp("fadj_keep_"+sp.Var.Name, sema.Int4)
		save = append([]ast.Stmt{&ast.AssignStmt{Lhs: t, Rhs: ast.NewIdent(sp.Var.Name)}}, save...)
		restore = append(restore, &ast.AssignStmt{Lhs: ast.NewIdent(sp.Var.Name), Rhs: ast.NewIdent(t.Name)})
	}
	d := body[0]
	if len(save) == 0 {
		d.Header().Label, d.Header().LabelPos, d.Header().Doc = s.Label, s.LabelPos, s.Doc
		return []ast.Stmt{d}, nil
	}
	save[0].Header().Label, save[0].Header().LabelPos, save[0].Header().Doc = s.Label, s.LabelPos, s.Doc
	out := append(save, d)
	return append(out, restore...), nil
}
