package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
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
// recorded per iteration. The masks are read like the right side when
// ordering the nest (forall_dep.go: a mask reading the old neighbour
// section runs the nest in the order that reads old values). Each nest
// evaluates the masks again, after the nests before it: right unless an
// assignment of the WHERE defines what its masks read for a later one
// (those of the FORALL before the WHERE may). Then the WHERE runs whole
// in one nest, if the iterations read and write, of what it assigns, only
// the sections their left sides select (where (rho(:, k) > c) with
// rho(:, k) = sqrt(rho(:, k)) and flux(:, k) = flux(:, k)*rho(:, k)): one
// index value after the other is the FORALL then. Otherwise it is
// rejected.

// forallWheres returns the assignments of WHERE s in a FORALL over specs
// with mask, in order, each with the WHERE around it alone; or, if a mask
// reads what an assignment of the WHERE defines for a later one, the
// whole WHERE as one, when each iteration reads only the elements it
// writes of what the WHERE assigns (forallOwn).
func (g *gen) forallWheres(specs []*ast.ForallSpec, mask ast.Expr, s ast.Stmt, nested bool) ([]*forallAssign, error) {
	var out []*forallAssign
	err := whereSkeletons(s, func(a *ast.AssignStmt, where ast.Stmt, masks []ast.Expr) {
		out = append(out, &forallAssign{specs: specs, mask: mask, a: a, nested: nested, where: where, whereMasks: masks})
	})
	if err != nil {
		return nil, err
	}
	var before, all []*ast.AssignStmt
	var masks []ast.Expr
	var reread *sema.Symbol
	for _, fa := range out {
		for _, m := range fa.whereMasks {
			if v := g.forallReads(m, g.forallWrites(before)); v != nil && reread == nil {
				reread = v
			}
		}
		before = append(before, fa.a)
		all = append(all, fa.a)
		masks = append(masks, fa.whereMasks...)
	}
	if reread == nil {
		return out, nil
	}
	whole := &forallAssign{specs: specs, mask: mask, a: all[0], nested: nested, where: s, whereMasks: masks, group: all}
	if !g.forallOwn(whole) {
		return nil, notSupported("WHERE mask in FORALL reading '%s', which an assignment of the WHERE defines before another, in reverse mode", reread.Name)
	}
	return []*forallAssign{whole}, nil
}

// forallOwn reports whether the assignments of WHERE fa.where read and
// write, of the variables they assign, only the elements their left sides
// select for the index values: then running the whole WHERE for one index
// value after the other is the FORALL.
func (g *gen) forallOwn(fa *forallAssign) bool {
	exprs := append([]ast.Expr{fa.mask}, fa.whereMasks...)
	for _, a := range fa.group {
		exprs = append(exprs, a.Rhs, a.Lhs)
	}
	for _, a := range fa.group {
		base := g.baseSym(a.Lhs)
		lid, lparts, _, simple := refChain(a.Lhs)
		if base == nil || !simple || lparts[0].args == nil || g.info.ObjectOf(lid) != base {
			return false
		}
		refs, other, aliased := g.forallRefs(base, exprs...)
		if other || aliased {
			return false
		}
		for _, r := range refs {
			same, disjoint := sameParts(lparts[1:], r[1:])
			if disjoint {
				continue
			}
			if !same || r[0].args == nil {
				return false
			}
			off, ok := g.offsets(fa.specs, lparts[0].args, r[0].args)
			for _, o := range off {
				ok = ok && o == 0
			}
			if !ok {
				return false
			}
		}
	}
	return true
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
