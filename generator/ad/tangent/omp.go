package tangent

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// OpenMP in tangent mode: the tangent keeps the directives, each
// statement's tangent running where the statement runs. A variable's
// tangent shares its data-sharing: the tangents of private,
// firstprivate, lastprivate, shared and copyin variables join the same
// clause, and reduction(+:s) gets s_d (the tangent of a sum is the sum
// of the tangents). Temporaries the tangent of a "parallel do" body
// assigns are private to it.

// ompClauses gives the directives of the tangent statements list the
// tangents of their variables.
func (g *gen) ompClauses(list []ast.Stmt) error {
	ompOwn(list)
	ompLists(list, ompStrayEnds) // omp_minmax.go
	var errs diag.List
	var regions []*ast.Comment // the regions other than parallel do
	ast.StmtHeaders(list, func(h *ast.StmtHeader, s ast.Stmt) {
		for i, c := range h.Doc {
			if c.Omp == nil || c.Omp.Cond {
				continue
			}
			if opensRegion(c.Omp.Name) && c.Omp.Name != "parallel do" {
				regions = append(regions, c)
			}
			d, err := g.ompTangent(c.Omp)
			if err != nil {
				errs.Add(g.fset.Position(c.Slash), err.Error())
				continue
			}
			if do, ok := s.(*ast.DoConstruct); ok && d.Name == "parallel do" && i == lastOmp(h.Doc) {
				ompPrivateTemps(d, do.Body, g)
			}
			nc := ast.OmpComment(d)
			nc.Slash = c.Slash
			h.Doc = append(append([]*ast.Comment(nil), h.Doc[:i]...), h.Doc[i:]...)
			h.Doc[i] = nc
		}
	})
	ompLists(list, func(l []ast.Stmt) {
		for k, st := range l {
			if c := atomicOn(st); c != nil && !g.atomicPair(l, k) {
				errs.Add(g.fset.Position(c.Slash), "not supported yet: !$omp atomic on a statement whose tangent is not one update")
			}
		}
	})
	if len(regions) > 0 && len(g.tmpDecls) > 0 {
		// Temporaries are private to the parallel regions that mention
		// them (omp_region.go); other regions (task ...) are rejected.
		for _, c := range g.ompRegionTemps(list) {
			errs.Add(g.fset.Position(c.Slash), fmt.Sprintf("not supported yet: !$omp %s without its end directive in the same statement list, in a routine whose tangent needs temporaries", c.Omp.Name))
		}
		for _, c := range regions {
			if !ompTempRegion(c.Omp.Name) {
				errs.Add(g.fset.Position(c.Slash), fmt.Sprintf("not supported yet: !$omp %s in a routine whose tangent needs temporaries", c.Omp.Name))
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// opensRegion reports whether directive name starts a region whose
// threads could share a temporary.
func opensRegion(name string) bool {
	return !strings.HasPrefix(name, "end") && (strings.Contains(name, "parallel") || strings.Contains(name, "task"))
}

// lastOmp is the index of the last directive in doc.
func lastOmp(doc []*ast.Comment) int {
	for i := len(doc) - 1; i >= 0; i-- {
		if doc[i].Omp != nil {
			return i
		}
	}
	return -1
}

// ompTangent returns directive d with the tangents of its active
// variables added to their clauses.
func (g *gen) ompTangent(d *ast.OmpDirective) (*ast.OmpDirective, error) {
	n := ast.CloneOmp(d)
	for _, cl := range n.Clauses {
		if !ast.ListClauses[cl.Name] || cl.Vars == nil {
			continue
		}
		var add []string
		for _, v := range cl.Vars {
			s := g.scope.Lookup(strings.ToLower(v))
			if s == nil || !g.pa.ActiveVar(s) {
				continue
			}
			if cl.Name == "reduction" && ompMinMaxOp(cl.Op) && (n.Name == "parallel do" || n.Name == "do") {
				continue // v_d is set after the loop (omp_minmax.go)
			}
			if cl.Name == "reduction" && cl.Op != "+" && cl.Op != "-" {
				return nil, fmt.Errorf("not supported yet: reduction(%s:%s) of an active variable in tangent mode", cl.Op, v)
			}
			add = append(add, g.tname(s))
		}
		cl.Vars = append(cl.Vars, add...)
	}
	ompFirstTangents(n, g.suffix) // omp_minmax.go
	return n, nil
}

// ompPrivateTemps makes private the temporaries the tangent body of a
// parallel loop uses (assigned, or results of derivative calls): each
// holds a value within one statement's tangent.
func ompPrivateTemps(d *ast.OmpDirective, body []ast.Stmt, g *gen) {
	seen := map[string]bool{}
	var temps []string
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				name := strings.ToLower(id.Name)
				if !seen[name] && g.isTemp(name) && !ompMinMaxName(name) {
					seen[name] = true
					temps = append(temps, id.Name)
				}
			}
			return true
		})
	}
	if len(temps) == 0 {
		return
	}
	if cl := d.Clause("private"); cl != nil && cl.Vars != nil {
		cl.Vars = append(cl.Vars, temps...)
		return
	}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "private", Vars: temps})
}

// isTemp reports whether name is a temporary the tangent declared.
func (g *gen) isTemp(name string) bool {
	for _, t := range g.tmpDecls {
		if td, ok := t.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				if strings.EqualFold(e.Name.Name, name) {
					return true
				}
			}
		}
	}
	return false
}

// ompLists calls f with list and the statement lists of its constructs.
func ompLists(list []ast.Stmt, f func([]ast.Stmt)) {
	f(list)
	for _, s := range list {
		switch s := s.(type) {
		case *ast.DoConstruct:
			ompLists(s.Body, f)
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				ompLists(b.Body, f)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				ompLists(c.Body, f)
			}
		case *ast.BlockConstruct:
			ompLists(s.Body, f)
		}
	}
}

// atomicOn returns the atomic directive before s, nil if none.
func atomicOn(s ast.Stmt) *ast.Comment {
	doc := s.Header().Doc
	if i := lastOmp(doc); i >= 0 && strings.HasPrefix(doc[i].Omp.Name, "atomic") {
		return doc[i]
	}
	return nil
}

// atomicPair makes atomic the tangent update next to l[k], which has
// the atomic directive: x_d = x_d + e_d next to the update x = x + e. It
// reports false if l[k] is not an assignment, or an active one without
// its tangent next to it.
func (g *gen) atomicPair(l []ast.Stmt, k int) bool {
	a, ok := l[k].(*ast.AssignStmt)
	if !ok {
		return false
	}
	sym := g.scope.Lookup(strings.ToLower(lhsBase(a.Lhs)))
	found := sym == nil || !g.pa.ActiveVar(sym) || strings.HasSuffix(strings.ToLower(lhsBase(a.Lhs)), strings.ToLower(g.suffix))
	for _, j := range []int{k - 1, k + 1} {
		if j < 0 || j >= len(l) {
			continue
		}
		b, ok := l[j].(*ast.AssignStmt)
		if !ok || atomicOn(b) != nil {
			continue
		}
		ba, bb := lhsBase(a.Lhs), lhsBase(b.Lhs)
		if ba != "" && (strings.EqualFold(bb, ba+g.suffix) || strings.EqualFold(ba, bb+g.suffix)) {
			b.Doc = append(append([]*ast.Comment(nil), b.Doc...), ast.OmpComment(&ast.OmpDirective{Name: "atomic"}))
			found = true
		}
	}
	return found
}

// lhsBase is the name of the variable an assignment writes.
func lhsBase(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.CallExpr:
		return lhsBase(x.Fun)
	}
	return ""
}

// ompOwn replaces the statements of list holding directives by copies:
// a tangent statement may be the primal's (a passive one), whose
// directives the adjoint reads too.
func ompOwn(list []ast.Stmt) {
	for i, s := range list {
		has := false
		ast.StmtHeaders(list[i:i+1], func(h *ast.StmtHeader, _ ast.Stmt) {
			has = has || lastOmp(h.Doc) >= 0
		})
		if has {
			list[i] = ast.Copy(s)
		}
	}
}

// ompFirst returns r, the tangent statements of s, with the directives
// before s (but ATOMIC, which goes with its update) before the first of
// them: a tangent statement before s must run where s runs, inside the
// SINGLE block or after the barrier the directives open.
func ompFirst(s ast.Stmt, r []ast.Stmt) []ast.Stmt {
	var moved, kept []*ast.Comment
	for _, c := range s.Header().Doc {
		if c.Omp != nil && !c.Omp.Cond && !strings.HasPrefix(c.Omp.Name, "atomic") {
			moved = append(moved, c)
		} else {
			kept = append(kept, c)
		}
	}
	at := -1
	for i, t := range r {
		if t == s {
			at = i
		}
	}
	if _, call := s.(*ast.CallStmt); call && at < 0 && len(moved) > 0 && len(r) > 0 {
		return ompFirstOf(moved, r)
	}
	if len(moved) == 0 || at == 0 || at < 0 && len(r) > 0 {
		return r
	}
	c := &ast.ContinueStmt{}
	c.Doc = moved
	out := append([]ast.Stmt{c}, r...)
	if at > 0 {
		n := ast.Copy(s)
		n.Header().Doc = kept
		out[at+1] = n
	}
	return out
}

// ompFirstOf moves directives moved, of a statement whose tangent
// statements r hold a new statement in its place carrying them (a call
// of the callee's tangent), from that statement to a CONTINUE before
// the first of r: the tangents of its arguments computed before it
// (advect_arg1_d = 0.5d0*c_d) run in its !$omp section too.
func ompFirstOf(moved []*ast.Comment, r []ast.Stmt) []ast.Stmt {
	for i, t := range r {
		var kept []*ast.Comment
		has := false
		for _, c := range t.Header().Doc {
			found := false
			for _, m := range moved {
				found = found || c == m
			}
			has = has || found
			if !found {
				kept = append(kept, c)
			}
		}
		if !has {
			continue
		}
		if i == 0 {
			return r
		}
		n := ast.Copy(t)
		n.Header().Doc = kept
		c := &ast.ContinueStmt{}
		c.Doc = moved
		out := append([]ast.Stmt{c}, r...)
		out[i+1] = n
		return out
	}
	return r
}

// ompEnd appends to body a CONTINUE carrying the directives of the line
// closing the body of unit u, its CONTAINS or END ("!$omp end parallel"
// closing a region that ends the routine), which the tangent routine's
// own does not have; those ending a loop are optional, left out.
func ompEnd(body []ast.Stmt, u *ast.Unit) []ast.Stmt {
	end := &u.End.StmtHeader
	if u.Contains != nil {
		end = u.Contains
	}
	var ds []*ast.Comment
	for _, c := range end.Doc {
		if c.Omp != nil && !c.Omp.Cond && c.Omp.Name != "end parallel do" && c.Omp.Name != "end do" {
			ds = append(ds, c)
		}
	}
	if len(ds) == 0 {
		return body
	}
	c := &ast.ContinueStmt{}
	c.Doc = ds
	return append(body, c)
}
