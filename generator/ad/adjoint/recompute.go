package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Recomputation instead of recording.
//
// A scalar local k = e whose old value the TBR analysis records is
// recomputed instead when that is cheap and safe, as Tapenade does for
// such temporaries: the forward sweep does not push k, and the backward
// sweep assigns k = e again just before the adjoint of the last statement of
// the same list that reads k. That is right when
//   - every reference of k in the routine is in that list, from this
//     assignment on, and nothing else there defines k (so k's value before
//     the assignment is never needed, and its value after is e's);
//   - e references no user function and not k;
//   - each variable of e keeps its value from the assignment to that last
//     statement, and the backward sweep has its value there: the routine
//     never changes it, or it is in the TBR set of that statement.
// In stencil loops this removes the push and pop of every temporary.

// recomputable returns, for the statements of list that are such
// assignments, the index of the statement before whose adjoint they are
// recomputed.
func (g *gen) recomputable(list []ast.Stmt) map[int]int {
	if g.tbr == nil || g.pa.Unit == nil {
		return nil
	}
	out := map[int]int{}
	for i, s := range list {
		as, ok := s.(*ast.AssignStmt)
		if !ok || !g.records(s, as.Lhs) {
			continue
		}
		id, ok := as.Lhs.(*ast.Ident)
		if !ok {
			continue
		}
		k := g.info.ObjectOf(id)
		if k == nil || k.Kind != sema.VarSym || k.IsDummy() || isGlobal(k) || k.Rank() != 0 || k.Owner != g.scope ||
			k.Attrs.Has(sema.AttrSave) || k.Attrs.Has(sema.AttrData) || g.scope.SaveAll() {
			continue
		}
		if t := k.Type; t == nil || !(t.IsReal() || t.IsInteger()) {
			continue
		}
		if g.references(as.Rhs, k) || g.callsUser(as.Rhs) {
			continue
		}
		// Every reference of k is in list[i:], and only s defines it.
		if g.countRefs(g.pa.Unit.Body, k) != g.countRefs(list[i:], k) || g.defines(list[i+1:], k) {
			continue
		}
		last := -1
		for j := i + 1; j < len(list); j++ {
			if g.countRefs(list[j:j+1], k) > 0 {
				last = j
			}
		}
		if last < 0 {
			continue
		}
		safe := true
		required := map[*sema.Symbol]bool{}
		for _, v := range g.tbr.Required(list[last], false) {
			required[v.Sym] = true
		}
		ast.Inspect(as.Rhs, func(n ast.Node) bool {
			x, ok := n.(*ast.Ident)
			if !ok || !safe {
				return safe
			}
			v := g.info.ObjectOf(x)
			if v == nil || v.Kind != sema.VarSym || v.Attrs.Has(sema.AttrParameter) {
				return true
			}
			if g.defines(list[i+1:last+1], v) {
				safe = false
			}
			never := !decl.MayDefine(g.info, g.pa.Unit, v) && !(isGlobal(v) && g.sh.written[decl.Canon(v)])
			if !never && !required[v] {
				safe = false
			}

			return true
		})
		if safe {
			out[i] = last
		}
	}
	return out
}

// callsUser reports whether x references a user function.
func (g *gen) callsUser(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := g.info.Calls[c]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				found = true
			}
		}
		return !found
	})
	return found
}

// countRefs counts the references of v in list.
func (g *gen) countRefs(list []ast.Stmt, v *sema.Symbol) int {
	n := 0
	for _, s := range list {
		ast.Inspect(s, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
				n++
			}
			return true
		})
	}
	return n
}

// defines reports whether a statement of list may define v.
func (g *gen) defines(list []ast.Stmt, v *sema.Symbol) bool {
	return decl.Assigns(g.info, list, v)
}
