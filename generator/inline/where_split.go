package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// splitWhere splits WHERE construct s before each assignment of its
// first branch whose transformational reference (sum, maxval, ...) reads
// a variable an assignment before it in the branch defines, so that
// reductionTemps can hoist the reference between the parts:
//
//	where (m)                       where (m)
//	  t = h**2 + q*h                  t = h**2 + q*h
//	  u = q*t/sum(t)       =>       end where
//	end where                       fadj_wr1 = sum(t)
//	                                where (m)
//	                                  u = q*t/fadj_wr1
//	                                end where
//
// The standard evaluates the reference without masked control after the
// assignments before it (F2018 10.2.3.2), and the mask once, before
// them: the split is the same computation when no assignment of the
// first part defines a variable the mask reads. The ELSEWHERE branches
// stay with the last part (their masks are evaluated after the first
// branch). A named WHERE, or one whose mask a first part defines, is
// left whole (the reference is then rejected in reverse mode).
func (w *whereLoops) splitWhere(s *ast.WhereConstruct) []ast.Stmt {
	if s.Name != nil || len(s.Branches) == 0 || s.Branches[0].Mask == nil {
		return []ast.Stmt{s}
	}
	first := s.Branches[0]
	maskReads := w.maskVars(first.Mask)
	var parts []ast.Stmt
	assigned := map[*sema.Symbol]bool{}
	start := 0
	for i, st := range first.Body {
		if i > start && w.readsAssigned(st, assigned) {
			for v := range assigned {
				if maskReads[v] {
					return []ast.Stmt{s} // the mask would change
				}
			}
			part := &ast.WhereConstruct{Branches: []*ast.WhereBranch{{Mask: w.info.Clone(first.Mask), Body: first.Body[start:i]}}, End: ast.EndStmt{Keyword: "where"}}
			if start == 0 {
				part.StmtHeader = s.StmtHeader
				s.StmtHeader = ast.StmtHeader{Start: s.Start}
			}
			parts = append(parts, part)
			start = i
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok {
				if b := w.baseOf(a.Lhs); b != nil {
					assigned[b] = true
				}
			}
			return true
		})
	}
	for v := range assigned {
		if maskReads[v] {
			return []ast.Stmt{s}
		}
	}
	// A plain ELSEWHERE reading what the first branch assigns: a WHERE
	// of its own, on the mask's complement.
	var rest []ast.Stmt
	if len(s.Branches) == 2 && s.Branches[1].Mask == nil && s.Branches[1].Name == nil && w.bodyReadsAssigned(s.Branches[1].Body, assigned) {
		not := &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: &ast.ParenExpr{X: w.info.Clone(first.Mask)}}
		other := &ast.WhereConstruct{Branches: []*ast.WhereBranch{{Mask: not, Body: s.Branches[1].Body}}, End: ast.EndStmt{Keyword: "where"}}
		other.Start = s.Start
		s.Branches = s.Branches[:1]
		rest = w.splitWhere(other)
	}
	if start == 0 && rest == nil {
		return []ast.Stmt{s}
	}
	first.Body = first.Body[start:]
	return append(append(parts, s), rest...)
}

// bodyReadsAssigned reports whether a statement of list reads assigned in
// a reference hoistReductions would hoist but for that.
func (w *whereLoops) bodyReadsAssigned(list []ast.Stmt, assigned map[*sema.Symbol]bool) bool {
	for _, st := range list {
		if w.readsAssigned(st, assigned) {
			return true
		}
	}
	return false
}

// readsAssigned reports whether WHERE assignment st holds a reference
// hoistReductions would hoist but for its reading a variable of assigned.
func (w *whereLoops) readsAssigned(st ast.Stmt, assigned map[*sema.Symbol]bool) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(assigned) == 0 {
		return false
	}
	found := false
	ast.Inspect(as, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && w.hoistable(call, map[*sema.Symbol]bool{}) && !w.hoistable(call, assigned) {
			found = true
		}
		return !found
	})
	return found
}

// maskVars returns the variables expression x names.
func (w *whereLoops) maskVars(x ast.Expr) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if s := w.info.ObjectOf(id); s != nil {
				out[s] = true
			}
		}
		return true
	})
	return out
}
