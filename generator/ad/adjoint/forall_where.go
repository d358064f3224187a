package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// WHERE in a FORALL in reverse mode.
//
// In a FORALL, a WHERE evaluates its masks for every index value, then
// runs each of its assignments for every index value, one after the
// other. Each assignment becomes a DO nest over the index values, as the
// FORALL's own assignments do (forall.go), whose body is the WHERE around
// that assignment alone: the branches before its own kept with their
// masks and no statements (they select the elements ELSEWHERE leaves to
// it), a nested WHERE the same within its branch. The nest is reversed as
// any other and the WHERE in it as any active WHERE (where.go), its masks
// recorded per iteration. So each nest evaluates the masks again: no
// assignment of the WHERE may define what its masks read for a later one
// (forallAssigns; those of the FORALL before the WHERE may, its masks are
// evaluated after them), and the masks are read like the right side when
// ordering the nest (forall_dep.go: a mask reading the old neighbour
// section runs the nest in the order that reads old values).

// forallWheres returns the assignments of WHERE s in a FORALL over specs
// with mask, in order, each with the WHERE around it alone.
func (g *gen) forallWheres(specs []*ast.ForallSpec, mask ast.Expr, s ast.Stmt, nested bool) ([]*forallAssign, error) {
	var out []*forallAssign
	err := whereSkeletons(s, func(a *ast.AssignStmt, where ast.Stmt, masks []ast.Expr) {
		out = append(out, &forallAssign{specs: specs, mask: mask, a: a, nested: nested, where: where, whereMasks: masks})
	})
	for _, fa := range out {
		fa.whereFirst = out[0].a
	}
	return out, err
}

// whereSkeletons calls f for each assignment of WHERE s, in order, with
// the WHERE around it alone and the masks that WHERE evaluates.
func whereSkeletons(s ast.Stmt, f func(a *ast.AssignStmt, where ast.Stmt, masks []ast.Expr)) error {
	var branches []*ast.WhereBranch
	var name *ast.Ident
	switch s := s.(type) {
	case *ast.WhereStmt:
		branches = []*ast.WhereBranch{{Head: s.StmtHeader, Mask: s.Mask, Body: []ast.Stmt{s.Assign}}}
	case *ast.WhereConstruct:
		branches, name = s.Branches, s.Name
	}
	// skeleton returns the WHERE with the branches up to k, the k-th
	// running only st.
	skeleton := func(k int, st ast.Stmt) (ast.Stmt, []ast.Expr) {
		c := &ast.WhereConstruct{Name: name, End: ast.EndStmt{Keyword: "where"}}
		if name != nil {
			c.End.Name = ast.NewIdent(name.Name)
		}
		c.StmtHeader = ast.StmtHeader{Start: st.Header().Start}
		var masks []ast.Expr
		for j := 0; j <= k; j++ {
			b := &ast.WhereBranch{Mask: branches[j].Mask, Name: branches[j].Name}
			if j == k {
				b.Body = []ast.Stmt{st}
			}
			if b.Mask != nil {
				masks = append(masks, b.Mask)
			}
			c.Branches = append(c.Branches, b)
		}
		return c, masks
	}
	var err error
	for k, b := range branches {
		for _, st := range b.Body {
			switch st := st.(type) {
			case *ast.AssignStmt:
				w, masks := skeleton(k, st)
				f(st, w, masks)
			case *ast.WhereStmt, *ast.WhereConstruct:
				e := whereSkeletons(st, func(a *ast.AssignStmt, inner ast.Stmt, im []ast.Expr) {
					w, masks := skeleton(k, inner)
					f(a, w, append(masks, im...))
				})
				if e != nil && err == nil {
					err = e
				}
			default:
				if err == nil {
					err = notSupported("%s in a WHERE in FORALL in reverse mode", ast.StmtName(st))
				}
			}
		}
	}
	return err
}

// activeForallWhere reports whether s, a WHERE built around an assignment
// of a FORALL (forallWheres), holds an active assignment: it is no
// statement of the source, which the activity analysis marks.
func (g *gen) activeForallWhere(s ast.Stmt) bool {
	active := false
	ast.Inspect(s, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && g.pa.ActiveStmt(a) {
			active = true
		}
		return !active
	})
	return active
}
