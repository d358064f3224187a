package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Temporaries of several blocks.
//
// A scalar temporary is often reused by several loops of a routine: gradv
// in the lower-triangle loop and again in the upper-triangle loop of a
// finite-element objective. Each loop's body assigns it before reading
// it, so no reader ever sees another block's value; the store tape still
// pushes it in every block, because the backward sweep of the first loop
// needs it back after the second overwrote it. If every block recomputes
// it before the adjoints of its readers (as Tapenade's recomputation of
// intermediates does), no backward statement ever needs a restored value,
// and no block need push it.
//
// k is such a temporary when
//   - the statement lists that assign it, each at its first definition
//     of k in the list (its block), hold every reference of k in the
//     routine from that assignment on, and nothing else in the list
//     defines k (no block nests in another);
//   - every block's assignment is recorded by the TBR analysis, so that
//     each is recomputed (recomputable takes only recorded ones); and
//     its right side is recomputable at its last reader (safeAt); a
//     variable it reads that the list may recompute too must be
//     recomputable there as well, where recomputable then moves it,
//     else recomputable could drop this block's recomputation.

// blockTemp reports whether k is a temporary of several blocks, all of
// which recompute it (see above). Computed once per variable.
func (g *gen) blockTemp(k *sema.Symbol) bool {
	if ok, done := g.blockTemps[k]; done {
		return ok
	}
	if g.blockTemps == nil {
		g.blockTemps = map[*sema.Symbol]bool{}
	}
	g.blockTemps[k] = false // no recursion through safeAt's questions
	ok := g.isBlockTemp(k)
	g.blockTemps[k] = ok
	return ok
}

func (g *gen) isBlockTemp(k *sema.Symbol) bool {
	if g.tbr == nil || g.pa.Unit == nil {
		return false
	}
	refs, blocks := 0, 0
	ok := true
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		if !ok || len(list) == 0 {
			return
		}
		ix := g.index(list)
		if defs := ix.defs[k]; len(defs) > 0 {
			if as, isAssign := list[defs[0]].(*ast.AssignStmt); isAssign && g.temp(as) == k {
				p := defs[0]
				if len(defs) > 1 || ix.refsFrom(k, 0) != ix.refsFrom(k, p) || !g.blockRecomputable(list, ix, p, as) {
					ok = false
					return
				}
				refs += ix.refsFrom(k, p)
				blocks++
				return
			}
		}
		for _, s := range list {
			for _, inner := range innerLists(s) {
				visit(inner)
			}
		}
	}
	visit(g.pa.Unit.Body)
	return ok && blocks > 1 && refs == g.totalRefs(k)
}

// blockRecomputable reports whether assignment list[p] of a block
// temporary is recorded and recomputable at its last reader, with the
// temporaries of the list it reads (see movable).
func (g *gen) blockRecomputable(list []ast.Stmt, ix *listIndex, p int, as *ast.AssignStmt) bool {
	if !g.records(as, as.Lhs) || g.callsUser(as.Rhs) || g.references(as.Rhs, g.temp(as)) {
		return false
	}
	last := ix.lastRef(g.temp(as))
	if last <= p || !g.safeAt(list, ix, p, []ast.Expr{as.Rhs}, last) {
		return false
	}
	ok := true
	ast.Inspect(as.Rhs, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && ok {
			if v := g.info.ObjectOf(id); v != nil && len(ix.defs[v]) > 0 && g.mayRecompute(list, ix, v) {
				ok = g.movable(list, ix, v, p, last)
			}
		}
		return ok
	})
	return ok
}

// movable reports whether temporary v, which list may recompute and
// assignment list[p] reads, is assigned once before p and recomputable
// at list[last] too: recomputable then moves its recomputation there
// instead of dropping list[p]'s.
func (g *gen) movable(list []ast.Stmt, ix *listIndex, v *sema.Symbol, p, last int) bool {
	defs := ix.defs[v]
	if len(defs) != 1 || defs[0] >= p {
		return false
	}
	as, ok := list[defs[0]].(*ast.AssignStmt)
	return ok && g.temp(as) == v && g.recomputableAt(list, defs[0], []*sema.Symbol{v}, []ast.Expr{as.Rhs}, last) != nil
}

// mayRecompute reports whether list may recompute v instead of recording
// it: a definition of v in list is an IF construct, or a recorded
// assignment of v as a temporary whose right side is recomputable at v's
// last reader.
func (g *gen) mayRecompute(list []ast.Stmt, ix *listIndex, v *sema.Symbol) bool {
	for _, q := range ix.defs[v] {
		switch s := list[q].(type) {
		case *ast.IfConstruct:
			return true
		case *ast.AssignStmt:
			if g.temp(s) != v || !g.records(s, s.Lhs) {
				continue
			}
			if last := ix.lastRef(v); last > q && g.safeAt(list, ix, q, []ast.Expr{s.Rhs}, last) {
				return true
			}
		}
	}
	return false
}
