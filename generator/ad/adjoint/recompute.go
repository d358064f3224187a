package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"sort"

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
//   - e references no user function, not k, and no other temporary
//     recomputed in the list (whose value at that point would be another
//     iteration's);
//   - each variable of e keeps its value from the assignment to that last
//     statement, and the backward sweep has its value there: the routine
//     never changes it, or it is in the TBR set of that statement.
// In stencil loops this removes the push and pop of every temporary.
//
// An IF construct with an ELSE whose branches only assign the same such
// temporaries (du = u(i) - u(i-1) in one branch, du = u(i+1) - u(i) in the
// other: upwinding) is recomputed the same way, conditions included; its
// own adjoint then evaluates the conditions again instead of recording the
// branch taken, which is right by the same argument: their variables keep
// their values from the IF to its last reader, and have them there in the
// backward sweep. The forward sweep records nothing for it.

// recomputation is an assignment or IF construct of a list recomputed
// before the adjoint of statement last of the list.
type recomputation struct {
	last  int
	temps []*sema.Symbol // the temporaries it defines
	reads []ast.Expr     // the expressions it evaluates
}

// recomputable returns the statements of list recomputed instead of
// recorded, by index.
func (g *gen) recomputable(list []ast.Stmt) map[int]*recomputation {
	if g.tbr == nil || g.pa.Unit == nil {
		return nil
	}
	cands := map[int]*recomputation{}
	for i, s := range list {
		var temps []*sema.Symbol
		var reads []ast.Expr
		switch s := s.(type) {
		case *ast.AssignStmt:
			if !g.records(s, s.Lhs) {
				continue
			}
			k := g.temp(s)
			if k == nil {
				continue
			}
			temps, reads = []*sema.Symbol{k}, []ast.Expr{s.Rhs}
		case *ast.IfConstruct:
			if c := g.recomputableIf(list, i, s); c != nil {
				cands[i] = c
			}
			continue
		default:
			continue
		}
		if c := g.recomputableAt(list, i, temps, reads, -1); c != nil {
			cands[i] = c
		}
	}
	// A recomputation reading another one's temporaries (t = x(ip1)
	// after ip1 = mod(i, m) + 1) needs that one done first: it moves to
	// the same place if it is right there too (both go in list order), else
	// the reader is dropped. Until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, i := range sortedKeys(cands) {
			c := cands[i]
			for _, j := range sortedKeys(cands) {
				d := cands[j]
				if i == j || !g.readsAny(c.reads, d.temps) || d.last >= c.last {
					continue
				}
				if j < i {
					if e := g.recomputableAt(list, j, d.temps, d.reads, c.last); e != nil {
						cands[j] = e
						changed = true
						continue
					}
				}
				delete(cands, i)
				changed = true
				break
			}
			if changed {
				break
			}
		}
	}
	return cands
}

// temp returns the variable of assignment s if it is a scalar local real or
// integer variable, without SAVE, that the routine may use as a
// recomputed temporary, or nil.
func (g *gen) temp(s *ast.AssignStmt) *sema.Symbol {
	id, ok := s.Lhs.(*ast.Ident)
	if !ok {
		return nil
	}
	k := g.info.ObjectOf(id)
	if k == nil || k.Kind != sema.VarSym || k.IsDummy() || isGlobal(k) || k.Rank() != 0 || k.Owner != g.scope ||
		k.Attrs.Has(sema.AttrSave) || k.Attrs.Has(sema.AttrData) || g.scope.SaveAll() {
		return nil
	}
	if t := k.Type; t == nil || !(t.IsReal() || t.IsInteger()) {
		return nil
	}
	return k
}

// ifTemps returns, for an IF construct with an ELSE whose branches are
// assignments, the scalar temporaries (see temp) each branch assigns exactly
// once and no statement of it references otherwise, with their right sides
// per branch, and the conditions. ok is false for another IF construct.
func (g *gen) ifTemps(s *ast.IfConstruct) (temps []*sema.Symbol, rhs map[*sema.Symbol][]ast.Expr, conds []ast.Expr, ok bool) {
	n := len(s.Branches)
	if n < 2 || s.Branches[n-1].Cond != nil {
		return nil, nil, nil, false
	}
	count := map[*sema.Symbol]int{}
	rhs = map[*sema.Symbol][]ast.Expr{}
	for _, b := range s.Branches {
		if b.Cond != nil {
			conds = append(conds, b.Cond)
		}
		for _, st := range b.Body {
			as, isAssign := st.(*ast.AssignStmt)
			if !isAssign || as.Label != 0 {
				return nil, nil, nil, false
			}
			if k := g.temp(as); k != nil {
				count[k]++
				rhs[k] = append(rhs[k], as.Rhs)
			}
		}
	}
	for k, c := range count {
		if c == n && g.countRefs([]ast.Stmt{s}, k) == n {
			temps = append(temps, k)
		}
	}
	sort.Slice(temps, func(i, j int) bool { return temps[i].Pos < temps[j].Pos })
	return temps, rhs, conds, true
}

// recomputableIf returns the recomputation of the temporaries of IF
// construct list[i] whose values the backward sweep can compute again,
// or nil: the conditions must be computable again too, and one of those
// temporaries recorded.
func (g *gen) recomputableIf(list []ast.Stmt, i int, s *ast.IfConstruct) *recomputation {
	temps, rhs, conds, ok := g.ifTemps(s)
	if !ok {
		return nil
	}
	recorded := map[*sema.Symbol]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && g.records(as, as.Lhs) {
			if k := g.temp(as); k != nil {
				recorded[k] = true
			}
		}
		return true
	})
	// Shrink the set until every one is recomputable at the last reader
	// of them all.
	for len(temps) > 0 {
		var reads []ast.Expr
		reads = append(reads, conds...)
		for _, k := range temps {
			reads = append(reads, rhs[k]...)
		}
		c := g.recomputableAt(list, i, temps, reads, -1)
		if c != nil {
			for _, k := range temps {
				if recorded[k] {
					return c
				}
			}
			return nil
		}
		var keep []*sema.Symbol
		for _, k := range temps {
			r := append(append([]ast.Expr{}, conds...), rhs[k]...)
			if g.recomputableAt(list, i, []*sema.Symbol{k}, r, -1) != nil {
				keep = append(keep, k)
			}
		}
		if len(keep) == len(temps) {
			return nil
		}
		temps = keep
	}
	return nil
}

// recomputableAt returns the recomputation of list[i], which defines temps
// evaluating reads, before the adjoint of its last reader or of
// list[minLast] if later, or nil if it is not right (see above).
func (g *gen) recomputableAt(list []ast.Stmt, i int, temps []*sema.Symbol, reads []ast.Expr, minLast int) *recomputation {
	for _, x := range reads {
		if g.callsUser(x) || g.readsAny([]ast.Expr{x}, temps) {
			return nil
		}
	}
	ix := g.index(list)
	last := -1
	for _, k := range temps {
		// Every reference of k is in list[i:] (or k is a temporary of
		// several blocks, all recomputed), and only list[i] defines it.
		total := g.totalRefs(k)
		if n, ok := g.ompPrivateRefs(k, list); ok { // omp_recompute.go: k is private to a parallel loop
			total = n
		}
		if ix.definesIn(k, i+1, len(list)-1) || (total != ix.refsFrom(k, i) && !g.blockTemp(k)) {
			return nil
		}
		if j := ix.lastRef(k); j > i && j > last {
			last = j
		}
	}
	if last < 0 {
		return nil
	}
	last = max(last, minLast)
	if !g.safeAt(list, ix, i, reads, last) {
		return nil
	}
	return &recomputation{last: last, temps: temps, reads: reads}
}

// safeAt reports whether each variable of reads, evaluated at list[i],
// keeps its value up to list[last] and the backward sweep has it at the
// adjoint of list[last]: the routine never changes it, or it is in the
// TBR set there.
func (g *gen) safeAt(list []ast.Stmt, ix *listIndex, i int, reads []ast.Expr, last int) bool {
	required := map[*sema.Symbol]bool{}
	for _, v := range g.tbr.Required(list[last], false) {
		required[v.Sym] = true
	}
	safe := true
	for _, x := range reads {
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || !safe {
				return safe
			}
			v := g.info.ObjectOf(id)
			if v == nil || v.Kind != sema.VarSym || v.Attrs.Has(sema.AttrParameter) {
				return true
			}
			if ix.definesIn(v, i, last) || aliasable(v) { // (aliasable: pointer.go)
				safe = false
			}
			never := !g.mayDefine(v) && !(isGlobal(v) && g.sh.written[decl.Canon(v)])
			if !never && !required[v] {
				safe = false
			}
			return true
		})
	}
	return safe
}

func sortedKeys[V any](m map[int]V) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks
}

// readsAny reports whether an expression of xs references a variable of vs.
func (g *gen) readsAny(xs []ast.Expr, vs []*sema.Symbol) bool {
	for _, x := range xs {
		for _, v := range vs {
			if g.references(x, v) {
				return true
			}
		}
	}
	return false
}

// recomputed returns the statement recomputing s (an assignment, or an IF
// construct of which only the assignments of temps are kept) in the backward
// sweep: a copy without labels, construct names or comments.
func (g *gen) recomputed(s ast.Stmt, temps []*sema.Symbol) ast.Stmt {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return &ast.AssignStmt{Lhs: s.Lhs, Rhs: s.Rhs}
	case *ast.IfConstruct:
		c := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
		for _, b := range s.Branches {
			nb := &ast.IfBranch{Cond: b.Cond}
			for _, st := range b.Body {
				if as, ok := st.(*ast.AssignStmt); ok && containsSym(temps, g.temp(as)) {
					nb.Body = append(nb.Body, g.recomputed(as, nil))
				}
			}
			c.Branches = append(c.Branches, nb)
		}
		return c
	}
	return s
}

// callsUser reports whether x references a user function.
func (g *gen) callsUser(x ast.Expr) bool { return liveness.CallsUser(g.info, x) }

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

// reevaluable reports whether the backward sweep can evaluate the
// conditions of IF construct s (orig in the body) again at its adjoint
// instead of recording the branch taken: they call no user function, and
// each of their variables is left alone by the construct and either never
// changed by the routine, or in the TBR set after the construct, or the
// index of an enclosing DO loop (the backward loop runs over the same
// values), so that the backward sweep has its value as it was. Not with
// jumps in the routine.
func (g *gen) reevaluable(orig ast.Stmt, s *ast.IfConstruct) bool {
	if g.tbr == nil || g.pa.Unit == nil || (g.jumps != nil && len(g.jumps.regions) > 0) || hasJump([]ast.Stmt{s}) {
		return false
	}
	required := map[*sema.Symbol]bool{}
	for _, v := range g.tbr.Required(orig, true) {
		required[v.Sym] = true
	}
	for _, b := range s.Branches {
		if b.Cond == nil {
			continue
		}
		if g.callsUser(b.Cond) {
			return false
		}
		ok := true
		ast.Inspect(b.Cond, func(n ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !isID || !ok {
				return ok
			}
			v := g.info.ObjectOf(id)
			if v == nil {
				return true // the name of an intrinsic
			}
			if v.Kind != sema.VarSym || v.Attrs.Has(sema.AttrParameter) {
				return true
			}
			if aliasable(v) { // associated anew, or defined through a pointer, unseen by Assigns (pointer.go)
				ok = false
				return false
			}
			never := !decl.MayDefine(g.info, g.pa.Unit, v) && !(isGlobal(v) && g.sh.written[decl.Canon(v)])
			if aliasable(v) { // (its value changes by association or through another name: pointer.go)
				ok = false
			}
			if decl.Assigns(g.info, []ast.Stmt{orig}, v) || (!never && !required[v] && !g.loopIndex(v)) {
				ok = false
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// loopIndex reports whether v is the index of a DO loop enclosing the
// statement being reversed.
func (g *gen) loopIndex(v *sema.Symbol) bool {
	for _, l := range g.loops {
		if l.Var != nil && g.info.ObjectOf(l.Var) == v {
			return true
		}
	}
	return false
}
