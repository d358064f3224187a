package adjoint

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// stmts returns the forward sweep of list and its backward sweep (the
// statements' adjoints in reverse order, with the markers of jumps landing
// in the list dispatched: see jumps.go). For the jumps leaving list, it
// extends their partial backward sweeps (g.part) by the statements before
// the one containing them.
func (g *gen) stmts(list []ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	r := &listRev{g: g, list: list}
	if len(list) > 0 && g.jumps != nil {
		r.regs = g.jumps.regions[list[0]]
	}
	land := func(t int) {
		reg := r.regionAt(t)
		if reg == nil {
			return
		}
		if t > 0 && isJump(list[t-1]) {
			reg.nofall = true
		} else {
			fwd = append(fwd, pushBranch(0, g.jumps.markers()))
		}
		if reg.label != 0 {
			c := &ast.ContinueStmt{}
			c.Label = reg.label
			fwd = append(fwd, c)
		}
	}
	var recomp map[int]*recomputation
	var eraRec map[int][]ast.Stmt
	if len(r.regs) == 0 {
		recomp = g.recomp(list)
		eraRec = g.era(list) // era.go
	}
	// Every statement of the list is tried, so that the constructs not
	// supported yet are reported together.
	var errs diag.List
	spans := g.ompSpans(list, len(r.regs) > 0, &errs) // omp_region.go: parallel regions
	defer g.ompRestore(g.omp.region)
	for i, s := range list {
		had := partIDs(g.part, nil)
		g.ompEnter(spans, i, len(fwd))
		f, b, err := g.stmt(s)
		if err != nil {
			errs.AddErr(g.fset, s.Pos(), err)
			f, b = nil, nil
		}
		r.inner = append(r.inner, sortedKeys(partIDs(g.part, had)))
		land(i)
		if reg := r.regionAt(i); reg != nil && reg.orig {
			f = unlabel(f, reg.label)
		}
		fwd = append(fwd, f...)
		r.bs = append(r.bs, b)
	}
	if len(errs) > 0 {
		return nil, nil, errs
	}
	land(len(list))
	// Recomputed assignments go before the adjoint of their last reader,
	// in their order.
	for i := len(list) - 1; i >= 0; i-- {
		if c, ok := recomp[i]; ok {
			r.bs[c.last] = append([]ast.Stmt{g.recomputed(list[i], c.temps)}, r.bs[c.last]...)
		}
	}
	for i, e := range eraRec {
		r.bs[i] = g.eraInsert(list[i], r.bs[i], e)
	}
	if fwd, err = g.ompRegions(spans, fwd, r.bs); err != nil {
		return nil, nil, err
	}
	cross := crossing(r.regs)
	var starts []int
	for i, ids := range r.inner {
		if len(ids) > 0 {
			starts = append(starts, i)
		}
	}
	if cross {
		bwd, err = r.general(len(list), starts)
	} else {
		bwd, err = r.rng(0, len(list), true)
	}
	if err != nil {
		return nil, nil, err
	}
	// Jumps landing here are dispatched; the others leave the list.
	landed := map[int]bool{}
	for _, reg := range r.regs {
		for _, id := range reg.ids {
			landed[id] = true
		}
	}
	// Extend first, then forget the landed jumps: the extensions read
	// their partial sweeps.
	ext := map[int][]ast.Stmt{}
	for i, ids := range r.inner {
		for _, id := range ids {
			if landed[id] {
				continue
			}
			var rest []ast.Stmt
			switch {
			case i == 0:
			case cross:
				rest, err = r.general(i, starts)
			default:
				rest, err = r.rng(0, i, true)
			}
			if err != nil {
				return nil, nil, err
			}
			ext[id] = rest
		}
	}
	for id := range landed {
		delete(g.part, id)
	}
	for id, rest := range ext {
		g.part[id] = append(append([]ast.Stmt{}, g.part[id]...), rest...)
	}
	return fwd, bwd, nil
}

func (g *gen) baseSym(x ast.Expr) *sema.Symbol {
	switch x := x.(type) {
	case *ast.Ident:
		return g.info.ObjectOf(x)
	case *ast.CallExpr:
		if c, ok := g.info.Calls[x]; ok && c.Kind == sema.ArrayElement {
			return g.baseSym(x.Fun)
		}
	case *ast.SelectorExpr:
		return g.baseSym(x.X) // a component: derived.go
	}
	return nil
}

// pushPop returns the statements saving reference x (a variable, an
// array element, or a whole array) before it is overwritten and restoring
// it. Character variables are neither: their values never enter partials,
// subscripts or recorded control flow.
func (g *gen) pushPop(x ast.Expr) (push, pop ast.Stmt, err error) {
	s := g.baseSym(x)
	if s == nil || s.Kind != sema.VarSym {
		return nil, nil, notSupported("assignment to '%s' in reverse mode", exprString(x))
	}
	t := g.info.TypeOf(x)
	if t != nil && t.IsCharacter() {
		// No partial, subscript or bound reads a character value; the
		// adjoint of a call may (a callee branching on a mode): its
		// codes on the i4 tape (snap_chars.go).
		push, pop = g.charPushPop(x)
		return push, pop, nil
	}
	if decl.IsDerived(t) {
		return g.derivedPushPop(x) // derived.go
	}
	typ, ok := tape.TypeOf(t)
	if !ok {
		return nil, nil, notSupported("no tape for variable '%s' of type %s", s.Name, t)
	}
	rank := g.info.Rank(x)
	if n := g.seqCount(x); n != nil { // legacy_reach.go
		return tapePushArray(typ, x, n), tapePopArray(typ, x, n), nil
	}
	if rank == 0 {
		return tapePush(typ, x), tapePop(typ, x), nil
	}
	switch x := x.(type) {
	case *ast.Ident:
		for _, d := range s.Dims {
			if d.Kind == sema.AssumedSize {
				return nil, nil, notSupported("assumed-size array '%s' overwritten in reverse mode", s.Name)
			}
		}
	case *ast.SelectorExpr:
		// An array component, or a component of an array of derived
		// type (copied in and out).
		if vectorSubscript(g.info, x.X) {
			return nil, nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
		}
	case *ast.CallExpr:
		// A section (a non-contiguous one is copied in and out).
		for _, a := range x.Args {
			if _, ok := a.(*ast.RangeExpr); !ok && g.info.Rank(a) > 0 {
				return nil, nil, notSupported("vector subscript in '%s' in reverse mode", exprString(x))
			}
		}
	default:
		return nil, nil, notSupported("array '%s' overwritten in reverse mode", exprString(x))
	}
	n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{x}}
	return tapePushArray(typ, x, n), tapePopArray(typ, x, n), nil
}

// records reports whether the forward sweep records reference x before
// statement s: always in store-all mode, else if the TBR analysis lists it.
func (g *gen) records(s ast.Stmt, x ast.Expr) bool {
	if g.noRecord[s] {
		return false // recomputed (recompute.go)
	}
	if as, ok := s.(*ast.AssignStmt); ok && g.eraForced[s] && x == as.Lhs {
		return true // a block's snapshot (era_block.go)
	}
	if g.tbr == nil || aliasable(g.baseSym(x)) {
		// (The TBR analysis does not see reads through a pointer of
		// what its target's name overwrites: pointer.go.)
		return true
	}
	for _, y := range g.tbr.RecordBefore(s) {
		if y == x {
			return true
		}
	}
	return false
}

// checkCalls rejects references of user functions with a derivative
// version in x.
func (g *gen) checkCalls(x ast.Expr) error {
	var err error
	ast.Inspect(x, func(n ast.Node) bool {
		if err != nil {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := g.info.Calls[c]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				if g.pa.CallPattern(c) != nil {
					err = notSupported("active function reference '%s' in reverse mode", exprString(c.Fun))
				}
			}
		}
		return true
	})
	return err
}

// stmtOwn is stmt but for the saves of what function references define
// (funcdef_saves.go).
func (g *gen) stmtOwn(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	if err := g.selectTypeCalls(s); err != nil {
		return nil, nil, err // select_type_call.go
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if refs := append(g.lhsPassiveRefs(s), g.impureRefs(s.Rhs)...); len(refs) > 0 && g.hoist == nil { // funcref_passive.go
			return g.hoistedAssign(s, refs) // funcref_hoist.go
		}
		return g.hoistedLhs(s) // dtype_op.go, else assign
	case *ast.ContinueStmt:
		return []ast.Stmt{s}, nil, nil
	case *ast.CallStmt:
		if err := g.checkAliasedCall(s); err != nil {
			return nil, nil, err // pointer.go
		}
		if _, _, ok := decl.MoveAllocArgs(g.info, s); ok {
			return g.moveAlloc(s) // alloc.go
		}
		if g.pa.CallPattern(s) == nil {
			return g.passiveAllocCall(s) // alloc.go, around passiveCall
		}
		return g.modPtrFollowCall(s)(g.callStmt(s)) // ptr_module.go
	case *ast.IfStmt:
		if f, b, ok, err := g.ompMinMaxAssign(s); ok { // omp_minmax.go
			return f, b, err
		}
		if err := g.checkCalls(s.Cond); err != nil {
			return nil, nil, err
		}
		c := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: s.Cond, Body: []ast.Stmt{s.Action}}}, End: ast.EndStmt{Keyword: "if"}}
		c.StmtHeader = s.StmtHeader
		return g.ifConstruct(s, c)
	case *ast.IfConstruct:
		return g.ifConstruct(s, s)
	case *ast.DoConstruct:
		return g.doConstruct(s)
	case *ast.BlockConstruct:
		return g.blockConstruct(s) // region_block.go: checkpointed ones
	case *ast.SelectCase:
		return g.selectCase(s)
	case *ast.SelectType:
		return g.selectType(s) // select_type.go
	case *ast.GotoStmt, *ast.ExitStmt, *ast.CycleStmt, *ast.ReturnStmt:
		fwd, err := g.jumpStmt(s)
		return fwd, nil, err
	case *ast.IOStmt:
		return g.ioStmt(s)
	case *ast.DataStmt:
		// Not executable: declarations moves it among the adjoint's.
		return nil, nil, nil
	case *ast.FormatStmt:
		// Not executable: kept once in the forward sweep, for its I/O
		// statements (binomial_format.go for checkpointed loops).
		return []ast.Stmt{s}, nil, nil
	case *ast.AllocateStmt:
		if g.pointerObjects(s) {
			return g.pointerAlloc(s) // pointer.go
		}
		return g.allocStmt(s) // alloc.go
	case *ast.PointerAssignStmt:
		return g.pointerAssign(s) // pointer.go
	case *ast.StopStmt:
		// The program ends in the forward sweep: no backward sweep
		// runs after it, so it has no adjoint.
		return []ast.Stmt{s}, nil, nil
	case *ast.ForallStmt, *ast.ForallConstruct:
		return g.forall(s) // forall.go
	case *ast.WhereStmt, *ast.WhereConstruct:
		if g.pa.ActiveStmt(s) || g.activeForallWhere(s) { // forall_where.go
			return g.whereStmt(s)
		}
		return g.passiveWhere(s)
	}
	return nil, nil, notSupported("%s in reverse mode", ast.StmtName(s))
}

// assign reverses an assignment: the forward sweep records the old value
// of the left side if the TBR analysis asks, and assigns; the backward
// sweep restores it and adds the partials times the left side's adjoint
// to the operands' adjoints.
func (g *gen) assign(s *ast.AssignStmt) (fwd, bwd []ast.Stmt, err error) {
	if g.info.Assignments[s] != nil {
		return nil, nil, notSupported("defined assignment in reverse mode")
	}
	if f, b, ok, err := g.ompMinMaxAssign(s); ok { // omp_minmax.go
		return f, b, err
	}
	if err := g.checkCalls(s.Lhs); err != nil {
		return nil, nil, err
	}
	if err := deriv.CheckTransfers(g.info, func(v *sema.Symbol) bool { return g.pa.IsVaried(s, false, v) }, s); err != nil {
		return nil, nil, err
	}
	if v := g.wholeAllocatable(s.Lhs); v != nil {
		return g.allocAssign(s, v) // alloc.go: it may reallocate v
	}
	if x, c := g.allocComponent(s.Lhs); c != nil && x == s.Lhs && !c.Attrs.Has(sema.AttrPointer) { // (no reallocation: ptrcomp.go)
		return g.componentAssign(s, x, c) // alloc_comp.go
	}
	// Active function references on the right are reversed by adj
	// (funcRef).
	if g.records(s, s.Lhs) && !g.dead[s] {
		// (Left out, s changes nothing: nothing to restore.)
		push, pop, err := g.pushPop(s.Lhs)
		if t := g.info.TypeOf(s.Lhs); t != nil && t.IsComplex() && g.baseSym(s.Lhs) != nil {
			var pushes, pops []ast.Stmt // complex.go
			if pushes, pops, err = g.complexPushPop(s.Lhs, t); err != nil {
				return nil, nil, err
			}
			fwd, bwd = append(fwd, pushes...), append(bwd, pops...)
			push = nil
		} else if _, vec := g.vectorElement(s.Lhs); vec {
			var pushes, pops []ast.Stmt // vecsub.go
			if pushes, pops, err = g.vectorPushPop(s.Lhs); err != nil {
				return nil, nil, err
			}
			fwd, bwd = append(fwd, pushes...), append(bwd, pops...)
			push = nil
		}
		if err != nil {
			return nil, nil, err
		}
		if push != nil {
			fwd = append(fwd, push)
			bwd = append(bwd, pop)
		}
	} else if g.baseSym(s.Lhs) == nil {
		return nil, nil, notSupported("assignment to '%s' in reverse mode", exprString(s.Lhs))
	}
	if !g.dead[s] {
		fwd = append(fwd, s)
	} else if len(fwd) == 0 {
		fwd = nil // left out (live.go); the adjoint stays
	}
	base := g.baseSym(s.Lhs)
	if !g.hasAdj(base) || !hasShadow(g.info.TypeOf(s.Lhs)) {
		return withLabel(s, fwd), bwd, nil
	}
	if p := g.mergePush(s); p != nil { // dtype_merge.go
		fwd = append([]ast.Stmt{p}, fwd...)
	}
	var adj []ast.Stmt
	if decl.IsDerived(g.info.TypeOf(s.Lhs)) {
		adj, err = g.derivedAssignAdjoint(s) // derived.go
	} else {
		adj, err = g.assignAdjoint(s, base)
	}
	if err != nil {
		return nil, nil, err
	}
	return withLabel(s, fwd), append(bwd, g.backRef(s, adj)...), nil
}

// assignAdjoint returns the adjoint statements of s = e, whose left side
// has base variable base with an adjoint.
func (g *gen) assignAdjoint(s *ast.AssignStmt, base *sema.Symbol) ([]ast.Stmt, error) {
	lhsB, err := g.lhsAdjRef(s.Lhs) // vecsub.go
	if err != nil {
		return nil, err
	}
	rank := g.info.Rank(s.Lhs)
	bt := base.Type
	if decl.IsDerived(bt) {
		bt = g.info.TypeOf(s.Lhs) // a component: derived.go
		if !isFloat(bt) && !decl.IsDerived(bt) {
			return nil, nil // an integer, logical or character component: no adjoint
		}
	}
	if !g.references(s.Rhs, base) {
		// The increments do not touch the left side's adjoint: they
		// read it directly, then it is zeroed.
		incs, err := g.adj(s.Rhs, g.spread(s.Rhs, rank, g.convertAdj(s, lhsB)))
		if err != nil {
			return nil, err
		}
		if incs, err = g.shareLong(s, base, incs, lhsB); err != nil {
			return nil, err
		}
		return append(incs, &ast.AssignStmt{Lhs: lhsB, Rhs: deriv.Const("0", bt)}), nil
	}
	tmp, err := g.adjointTemp(bt, rank)
	if err != nil {
		return nil, err
	}
	ntmp, ndecls := g.ntmp, len(g.decls)
	incs, err := g.adj(s.Rhs, g.spread(s.Rhs, rank, g.convertAdj(s, tmp)))
	if err != nil {
		return nil, err
	}
	if rest, ok := selfIncrement(incs, lhsB, tmp); ok && !aliasable(base) && g.ntmp == ntmp && len(g.decls) == ndecls && !touches(rest, lhsB) {
		// y = y + e: y_b keeps its value and flows into e. (The
		// temporary was declared last.)
		g.ntmp--
		g.decls = g.decls[:len(g.decls)-1]
		delete(g.declared, tmp.(*ast.Ident).Name)
		incs, err = g.adj(s.Rhs, g.spread(s.Rhs, rank, g.convertAdj(s, lhsB)))
		if err != nil {
			return nil, err
		}
		if rest, ok := selfIncrement(incs, lhsB, lhsB); ok {
			return rest, nil
		}
		return nil, fmt.Errorf("adjoint: internal error: self increment of '%s'", exprString(s.Lhs))
	}
	if incs, err = g.shareLong(s, base, incs, tmp); err != nil {
		return nil, err
	}
	var out []ast.Stmt
	if len(incs) > 0 {
		out = append(out, &ast.AssignStmt{Lhs: tmp, Rhs: lhsB})
	}
	out = append(out, &ast.AssignStmt{Lhs: lhsB, Rhs: deriv.Const("0", bt)})
	return append(out, incs...), nil
}

// adjointTemp declares the temporary holding the adjoint of a left side
// of rank rank while its own adjoint is zeroed: a scalar, or an
// allocatable array of its shape (allocated by the assignment tmp_b =
// y_b).
func (g *gen) adjointTemp(t *sema.Type, rank int) (ast.Expr, error) {
	g.ntmp++
	if rank == 0 {
		return g.local("fadj_tmp"+strconv.Itoa(g.ntmp)+g.suffix, t)
	}
	name := "fadj_tmp" + strconv.Itoa(g.ntmp) + g.suffix
	if err := g.arrayTemp(name, t, rank); err != nil {
		return nil, err
	}
	return ast.NewIdent(name), nil
}

// arrayTemp declares name as an allocatable real array of t's kind and
// the given rank (allocated by its first assignment).
func (g *gen) arrayTemp(name string, t *sema.Type, rank int) error {
	if g.scope.LookupLocal(name) != nil {
		return notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
	}
	g.declared[name] = true // a generated temporary (private in OpenMP loops: ompKindOf)
	e := &ast.Entity{Name: ast.NewIdent(name)}
	for i := 0; i < rank; i++ {
		e.Dims = append(e.Dims, &ast.Dim{Colon: true})
	}
	ts := &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
	if t.IsComplex() {
		ts.Kind = ast.Complex // complex.go
	}
	g.decls = append(g.decls, &ast.TypeDecl{Type: ts,
		Attrs: []*ast.Attr{{Kind: ast.AttrAllocatable}}, DColon: true, Entities: []*ast.Entity{e}})
	return nil
}

// selfIncrement reports whether incs hold exactly one increment of the
// left side's adjoint lhsB, by rb itself (lhsB = lhsB + rb, from y = y + e
// or y = e + y), and returns the others.
func selfIncrement(incs []ast.Stmt, lhsB, rb ast.Expr) ([]ast.Stmt, bool) {
	want := deriv.Add(lhsB, rb)
	var rest []ast.Stmt
	n := 0
	for _, st := range incs {
		if a, ok := st.(*ast.AssignStmt); ok && ast.Equal(a.Lhs, lhsB) {
			if !ast.Equal(a.Rhs, want) {
				return nil, false
			}
			n++
			continue
		}
		rest = append(rest, st)
	}
	return rest, n == 1
}

// touches reports whether a statement of list assigns to the adjoint
// variable of ref (any element or section of it): the others must not, for
// them to read ref itself instead of a copy.
func touches(list []ast.Stmt, ref ast.Expr) bool {
	base := func(x ast.Expr) string {
		if c, ok := x.(*ast.CallExpr); ok {
			x = c.Fun
		}
		if id, ok := x.(*ast.Ident); ok {
			return strings.ToLower(id.Name)
		}
		return ""
	}
	b := base(ref)
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool { // also inside loops (vecsub.go)
			if a, ok := n.(*ast.AssignStmt); ok && base(a.Lhs) == b {
				found = true
			}
			return !found
		})
	}
	return found
}

// partIDs returns the ids of the jumps with partial sweeps in part, but
// those in had.
func partIDs(part map[int][]ast.Stmt, had map[int]bool) map[int]bool {
	out := map[int]bool{}
	for id := range part {
		if !had[id] {
			out[id] = true
		}
	}
	return out
}

// unlabel drops label from the statements of f (the forward sweep of
// one statement, which may start with records before the labelled one):
// it moved onto the landing CONTINUE.
func unlabel(f []ast.Stmt, label int) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range f {
		if st.Header().Label == label {
			if _, ok := st.(*ast.ContinueStmt); ok && st.Header().Line == nil {
				continue
			}
			st = ast.Copy(st)
			st.Header().Label = 0
			clearBranchLabel(st) // branch_labels.go
		}
		out = append(out, st)
	}
	return out
}

// withLabel moves a label of s (the first statement of fwd) onto a
// CONTINUE before the pushes.
func withLabel(s ast.Stmt, fwd []ast.Stmt) []ast.Stmt {
	h := s.Header()
	if h.Label == 0 || len(fwd) == 1 {
		return fwd
	}
	c := &ast.ContinueStmt{}
	c.Label = h.Label
	c.Doc = h.Doc
	n := ast.Copy(s)
	n.Header().Label = 0
	n.Header().Doc = nil
	clearBranchLabel(n) // branch_labels.go
	out := []ast.Stmt{c}
	out = append(out, fwd[:len(fwd)-1]...)
	return append(out, n)
}

// ifConstruct reverses IF construct s (orig, the statement of the body:
// s itself, or the IF statement s stands for). The forward sweep records
// the branch taken, unless the backward sweep can evaluate the conditions
// again (reevaluable): branch i (from 0) as i, none taken (no ELSE) as
// the number of branches, in the bits these choices need.
func (g *gen) ifConstruct(orig ast.Stmt, s *ast.IfConstruct) (fwd, bwd []ast.Stmt, err error) {
	again := g.reevaluable(orig, s)
	nf := ast.Copy(s).(*ast.IfConstruct)
	nf.Branches = nil
	nb := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
	hasElse := s.Branches[len(s.Branches)-1].Cond == nil
	choices := len(s.Branches)
	if !hasElse {
		choices++
	}
	fs, bws := make([][]ast.Stmt, len(s.Branches)), make([][]ast.Stmt, len(s.Branches))
	reversed := false // whether a branch has an adjoint, or ends in a jump
	for i, b := range s.Branches {
		if err := g.checkCalls(b.Cond); err != nil {
			return nil, nil, err
		}
		if fs[i], bws[i], err = g.stmts(b.Body); err != nil {
			return nil, nil, err
		}
		reversed = reversed || len(bws[i]) > 0 || len(b.Body) > 0 && isJump(b.Body[len(b.Body)-1])
	}
	if !reversed {
		// Nothing to do backward whichever branch ran (an integer
		// index set in one branch and restored around the construct):
		// no branch to record.
		again = true
	}
	var br *ast.Ident
	if !again {
		if br, err = g.local("fadj_branch", intType); err != nil {
			return nil, nil, err
		}
	}
	for i, b := range s.Branches {
		f, bw := fs[i], bws[i]
		ends := len(b.Body) > 0 && isJump(b.Body[len(b.Body)-1])
		if again {
			// Recomputed (recompute.go): the backward sweep evaluates
			// the conditions again.
			c := *b
			c.Body = f
			nf.Branches = append(nf.Branches, &c)
			nb.Branches = append(nb.Branches, &ast.IfBranch{Cond: b.Cond, Body: bw})
			continue
		}
		if !ends {
			f = append(f, pushBranch(i, choices))
		}
		c := *b
		c.Body = f
		nf.Branches = append(nf.Branches, &c)
		if !ends {
			// A branch ending in a jump records nothing: the jump's
			// marker says it was taken.
			nb.Branches = append(nb.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(i)), Body: bw})
		}
	}
	if again {
		fwd = []ast.Stmt{nf}
		if g.info.Segmented[s] != nil && s.Label == 0 && emptyBranches(nf) {
			fwd = nil // an assignment in segments, dead (live.go)
		}
		for _, b := range nb.Branches {
			if len(b.Body) > 0 {
				return fwd, []ast.Stmt{nb}, nil
			}
		}
		return fwd, nil, nil
	}
	if !hasElse && len(nb.Branches) > 0 {
		nf.Branches = append(nf.Branches, &ast.IfBranch{Body: []ast.Stmt{pushBranch(len(s.Branches), choices)}})
	}
	if len(nb.Branches) == 0 {
		return []ast.Stmt{nf}, nil, nil
	}
	bwd = []ast.Stmt{popChoice(br, choices), nb}
	return []ast.Stmt{nf}, bwd, nil
}

// emptyBranches reports whether no branch of s has a statement.
func emptyBranches(s *ast.IfConstruct) bool {
	for _, b := range s.Branches {
		if len(b.Body) > 0 {
			return false
		}
	}
	return true
}

func (g *gen) doConstruct(s *ast.DoConstruct) (fwd, bwd []ast.Stmt, err error) {
	if s.Concurrent != nil {
		return g.concurrentLoop(s) // concurrent.go
	}
	if c := ompParallelDo(s); c != nil {
		return g.ompLoop(s, c) // omp.go
	}
	if c := g.ompWorkshare(s); c != nil {
		return g.ompLoop(s, c) // omp_region.go
	}
	if d := g.sh.fixed[s]; d != nil {
		return g.fixedPointLoop(s, d)
	}
	if r := g.loopRegion(s); r != nil { // era_loop.go
		return g.checkpointedLoop(s, r)
	}
	for _, x := range []ast.Expr{s.Start, s.Stop, s.Step, s.While} {
		if x != nil {
			if err := g.checkCalls(x); err != nil {
				return nil, nil, err
			}
		}
	}
	g.depth++
	g.loops = append(g.loops, s)
	defer func() { g.depth--; g.loops = g.loops[:len(g.loops)-1] }()
	f, b, err := g.stmts(s.Body)
	if err != nil {
		return nil, nil, err
	}
	pre, post, f, b, after, before := g.hoistRecords(s, f, b)
	l := &loop{s: s, d: strconv.Itoa(g.depth), n: ast.Copy(s).(*ast.DoConstruct),
		back: &ast.DoConstruct{End: ast.EndStmt{Keyword: "do"}, Body: b}}
	if l.n.TermLabel != 0 {
		l.n.TermLabel = 0
		l.n.End = ast.EndStmt{Keyword: "do", Name: s.Name}
	}
	switch {
	case s.Var == nil:
		fwd, bwd, err = g.countedLoop(l, f)
	case len(g.jumps.byLoop[s]) == 0 && g.invariant(s.Start) && g.invariant(s.Stop) && (s.Step == nil || g.invariant(s.Step)):
		if err := g.checkIndexKind(s); err != nil { // int8_loops.go
			return nil, nil, err
		}
		l.n.Body = f
		fwd, bwd, err = g.invariantLoop(l)
	default:
		if err := g.checkIndexKind(s); err != nil { // int8_loops.go
			return nil, nil, err
		}
		l.n.Body = f
		fwd, bwd, err = g.recordedLoop(l)
	}
	if err != nil {
		return nil, nil, err
	}
	fwd = append(append(pre, fwd...), after...)
	bwd = append(append(before, bwd...), post...)
	return fwd, bwd, nil
}

// loop is a DO construct being reversed: the original, its depth suffix
// for generated names, its forward copy n and its backward loop back.
type loop struct {
	s       *ast.DoConstruct
	d       string
	n, back *ast.DoConstruct
}

// countedLoop reverses a DO WHILE or a DO without loop control: the
// forward sweep counts the trips, the backward loop runs as many.
func (g *gen) countedLoop(l *loop, f []ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	s, n, back := l.s, l.n, l.back
	cnt, err := g.local("fadj_count"+l.d, intType)
	if err != nil {
		return nil, nil, err
	}
	it, err := g.local("fadj_iter"+l.d, intType)
	if err != nil {
		return nil, nil, err
	}
	n.Body = append([]ast.Stmt{&ast.AssignStmt{Lhs: cnt, Rhs: deriv.Add(cnt, deriv.Int(1))}}, f...)
	init := &ast.AssignStmt{Lhs: cnt, Rhs: deriv.Int(0)}
	init.StmtHeader = s.StmtHeader
	n.StmtHeader = ast.StmtHeader{}
	fwd = []ast.Stmt{init, n, pushInt(cnt)}
	back.Var, back.Start, back.Stop = it, deriv.Int(1), cnt
	bwd = []ast.Stmt{popInt(cnt), back}
	return g.leave(s, fwd, bwd)
}

// invariantLoop reverses a counted loop whose bounds the routine never
// changes: nothing to record; the backward loop evaluates them again.
func (g *gen) invariantLoop(l *loop) (fwd, bwd []ast.Stmt, err error) {
	s, n, back := l.s, l.n, l.back
	back.Var = ast.NewIdent(s.Var.Name)
	switch {
	case s.Step == nil || isOne(s.Step):
		back.Start, back.Stop, back.Step = s.Stop, s.Start, deriv.Int(-1)
	case isMinusOne(s.Step):
		back.Start, back.Stop = s.Stop, s.Start
	default:
		trips := &ast.CallExpr{Fun: ast.NewIdent("max"), Args: []ast.Expr{
			deriv.Div(&ast.ParenExpr{X: deriv.Add(deriv.Sub(s.Stop, s.Start), s.Step)}, s.Step), g.zeroOfKind(s.Start, s.Stop, s.Step)}}
		back.Start = deriv.Add(s.Start, deriv.Mul(&ast.ParenExpr{X: deriv.Sub(trips, deriv.Int(1))}, s.Step))
		back.Stop, back.Step = s.Start, deriv.Neg(s.Step)
	}
	if g.records(s, s.Var) {
		p := g.pushDoVar(s) // int8_loops.go
		p.Header().Label, p.Header().Doc = s.Label, s.Doc
		n.StmtHeader = ast.StmtHeader{}
		return g.leave(s, []ast.Stmt{p, n}, []ast.Stmt{back, g.popDoVar(s)})
	}
	fwd, bwd = []ast.Stmt{n}, []ast.Stmt{back}
	if len(n.Body) == 0 && g.deadIndex[s] && s.Label == 0 {
		fwd = nil // nothing left to run forward (live.go)
	}
	if len(back.Body) == 0 {
		bwd = nil
	}
	return g.leave(s, fwd, bwd)
}

// recordedLoop reverses a counted loop whose bounds may change: the
// forward sweep evaluates them into locals and records them (and the
// trip count when a jump may leave the loop early); the backward loop
// runs over the same index values.
func (g *gen) recordedLoop(l *loop) (fwd, bwd []ast.Stmt, err error) {
	s, n, back := l.s, l.n, l.back
	lo, err := g.boundLocal("fadj_lo", l) // int8_loops.go
	if err != nil {
		return nil, nil, err
	}
	hi, err := g.boundLocal("fadj_hi", l)
	if err != nil {
		return nil, nil, err
	}
	st, err := g.boundLocal("fadj_st", l)
	if err != nil {
		return nil, nil, err
	}
	bt, _ := tape.TypeOf(g.doVarType(s)) // the bounds' tape type
	step := s.Step
	if step == nil {
		step = deriv.Int(1)
	}
	// The index's value before the loop is recorded if the backward
	// sweep needs it after reversing the loop (store-all: always).
	recVar := g.records(s, s.Var)
	first := ast.Stmt(&ast.AssignStmt{Lhs: lo, Rhs: g.asIndexKind(s, s.Start)})
	if recVar {
		first = g.pushDoVar(s)
	} else {
		first = ast.Copy(first)
	}
	first.Header().Label = s.Label
	first.Header().Doc = s.Doc
	n.StmtHeader = ast.StmtHeader{}
	n.Start, n.Stop, n.Step = lo, hi, st
	fwd = []ast.Stmt{first}
	if recVar {
		fwd = append(fwd, &ast.AssignStmt{Lhs: lo, Rhs: g.asIndexKind(s, s.Start)})
	}
	fwd = append(fwd, &ast.AssignStmt{Lhs: hi, Rhs: g.asIndexKind(s, s.Stop)}, &ast.AssignStmt{Lhs: st, Rhs: g.asIndexKind(s, step)})
	// A constant step (1 when there is none) has one value: it takes no
	// bits on the tape, and the backward sweep sets it again.
	pushSt, popSt := tapePush(bt, st), tapePop(bt, st)
	if isIntLit(step) {
		pushSt, popSt = nil, &ast.AssignStmt{Lhs: st, Rhs: ast.Clone(step)}
	}
	// trips is the number of iterations run: from the bounds, or counted
	// when a jump may leave the loop early.
	var trips ast.Expr
	if len(g.jumps.byLoop[s]) > 0 {
		cnt, err := g.local("fadj_count"+l.d, intType)
		if err != nil {
			return nil, nil, err
		}
		n.Body = append([]ast.Stmt{&ast.AssignStmt{Lhs: cnt, Rhs: deriv.Add(cnt, deriv.Int(1))}}, n.Body...)
		fwd = append(fwd, &ast.AssignStmt{Lhs: cnt, Rhs: deriv.Int(0)},
			n, tapePush(bt, lo), pushInt(cnt))
		bwd = []ast.Stmt{popSt, popInt(cnt), tapePop(bt, lo), back}
		trips = cnt
	} else {
		fwd = append(fwd, n, tapePush(bt, lo), tapePush(bt, hi))
		bwd = []ast.Stmt{popSt, tapePop(bt, hi), tapePop(bt, lo), back}
		trips = &ast.CallExpr{Fun: ast.NewIdent("max"), Args: []ast.Expr{
			deriv.Div(&ast.ParenExpr{X: deriv.Add(deriv.Sub(hi, lo), st)}, st), indexZero(g.doVarType(s))}}
	}
	if pushSt != nil {
		fwd = append(fwd, pushSt)
	}
	back.Var = ast.NewIdent(s.Var.Name)
	back.Start = deriv.Add(lo, deriv.Mul(&ast.ParenExpr{X: deriv.Sub(trips, deriv.Int(1))}, st))
	back.Stop = lo
	back.Step = deriv.Neg(st)
	if recVar {
		bwd = append(bwd, g.popDoVar(s))
	}
	return g.leave(s, fwd, bwd)
}

// asInt is x as a default integer (a loop bound of another kind).
func (g *gen) asInt(x ast.Expr) ast.Expr {
	if t := g.info.TypeOf(x); t != nil && t.IsInteger() && t.Kind == 4 {
		return x
	}
	if _, ok := x.(*ast.BasicLit); ok {
		return x
	}
	return &ast.CallExpr{Fun: ast.NewIdent("int"), Args: []ast.Expr{x}}
}

// leave adds to a loop's sweeps what the jumps leaving it need: the code
// after the loop that continues their way out, and, as their partial
// backward sweep, the loop's whole backward sweep.
func (g *gen) leave(s *ast.DoConstruct, fwd, bwd []ast.Stmt) ([]ast.Stmt, []ast.Stmt, error) {
	after, err := g.afterLoop(s)
	if err != nil {
		return nil, nil, err
	}
	fwd = append(fwd, after...)
	for _, j := range g.jumps.byLoop[s] {
		g.part[j.id] = bwd
	}
	return fwd, bwd, nil
}

// selectCase records the case taken, like an IF construct.
func (g *gen) selectCase(s *ast.SelectCase) (fwd, bwd []ast.Stmt, err error) {
	if err := g.checkCalls(s.Selector); err != nil {
		return nil, nil, err
	}
	fs, bws := make([][]ast.Stmt, len(s.Cases)), make([][]ast.Stmt, len(s.Cases))
	reversed := false // whether a case has an adjoint, or ends in a jump
	for i, c := range s.Cases {
		if fs[i], bws[i], err = g.stmts(c.Body); err != nil {
			return nil, nil, err
		}
		reversed = reversed || len(bws[i]) > 0 || len(c.Body) > 0 && isJump(c.Body[len(c.Body)-1])
	}
	nf := ast.Copy(s).(*ast.SelectCase)
	if !reversed {
		// Nothing to do backward whichever case ran: no case to record.
		for i, c := range nf.Cases {
			nc := *c
			nc.Body = fs[i]
			nf.Cases[i] = &nc
		}
		return []ast.Stmt{nf}, nil, nil
	}
	br, err := g.local("fadj_branch", intType)
	if err != nil {
		return nil, nil, err
	}
	nf.Cases = nil
	nb := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
	// Case i (from 0) is recorded as i, none (no CASE DEFAULT) as the
	// number of cases.
	hasDefault := false
	for _, c := range s.Cases {
		hasDefault = hasDefault || c.Default
	}
	choices := len(s.Cases)
	if !hasDefault {
		choices++
	}
	for i, c := range s.Cases {
		f, bw := fs[i], bws[i]
		ends := len(c.Body) > 0 && isJump(c.Body[len(c.Body)-1])
		if !ends {
			f = append(f, pushBranch(i, choices))
		}
		nc := *c
		nc.Body = f
		nf.Cases = append(nf.Cases, &nc)
		if !ends {
			nb.Branches = append(nb.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(i)), Body: bw})
		}
	}
	if len(nb.Branches) == 0 {
		return []ast.Stmt{nf}, nil, nil
	}
	if !hasDefault && len(nb.Branches) > 0 {
		nf.Cases = append(nf.Cases, &ast.CaseBlock{Default: true, Body: []ast.Stmt{pushBranch(len(s.Cases), choices)}})
	}
	return []ast.Stmt{nf}, []ast.Stmt{popChoice(br, choices), nb}, nil
}

// references reports whether x references variable s.
func (g *gen) references(x ast.Expr, s *sema.Symbol) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			// A pointer and a target may share storage (pointer.go).
			if o := g.info.ObjectOf(id); o == s || (aliasable(s) && aliasable(o)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// spread returns the adjoint that flows into rhs from rb, the adjoint of
// a left side of rank lhsRank: a scalar right side broadcast over an
// array (w = x) receives the sum of the array's adjoint.
func (g *gen) spread(rhs ast.Expr, lhsRank int, rb ast.Expr) ast.Expr {
	if lhsRank > 0 && g.info.Rank(rhs) == 0 {
		return deriv.Call("sum", rb)
	}
	return rb
}

// invariant reports whether x is an integer expression whose value the
// routine never changes: its variables are never defined (nor, for
// globals, anywhere in the program), nor pointers or targets (whose
// values change by association or through another name), and it calls
// no user function.
func (g *gen) invariant(x ast.Expr) bool {
	if t := g.info.TypeOf(x); t == nil || !t.IsInteger() || t.Kind != 4 || g.callsUser(x) {
		return false
	}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID {
			v := g.info.ObjectOf(id)
			if v != nil && v.Kind == sema.VarSym && !v.Attrs.Has(sema.AttrParameter) {
				if decl.MayDefine(g.info, g.pa.Unit, v) || (isGlobal(v) && g.sh.written[decl.Canon(v)]) || aliasable(v) { // (pointer.go)
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

func isOne(x ast.Expr) bool {
	l, ok := x.(*ast.BasicLit)
	return ok && l.Value == "1"
}

// isIntLit reports whether x is an integer literal, or one negated.
func isIntLit(x ast.Expr) bool {
	if u, ok := x.(*ast.UnaryExpr); ok && (u.Op == token.MINUS || u.Op == token.PLUS) {
		x = u.X
	}
	l, ok := x.(*ast.BasicLit)
	return ok && l.Kind == token.INT
}

// isMinusOne reports whether x is the literal -1.
func isMinusOne(x ast.Expr) bool {
	u, ok := x.(*ast.UnaryExpr)
	return ok && u.Op == token.MINUS && isOne(u.X)
}

// passiveWhere reverses a WHERE statement or construct without derivatives:
// it runs in the forward sweep, after pushes of the (whole) arrays it
// assigns that the TBR analysis lists; the backward sweep pops them, which
// leaves them as before the WHERE (the only state its adjoint, empty,
// needs restored).
func (g *gen) passiveWhere(s ast.Stmt) (fwd, bwd []ast.Stmt, err error) {
	done := map[*sema.Symbol]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || err != nil || !g.records(as, as.Lhs) {
			return err == nil
		}
		whole := as.Lhs
		if c, ok := whole.(*ast.CallExpr); ok {
			whole = c.Fun
		}
		base := g.baseSym(whole)
		if base == nil {
			err = notSupported("assignment to '%s' in reverse mode", exprString(as.Lhs))
			return false
		}
		if done[base] {
			return true
		}
		done[base] = true
		push, pop, e := g.pushPop(whole)
		if e != nil {
			err = e
			return false
		}
		if push != nil {
			fwd = append(fwd, push)
			bwd = append([]ast.Stmt{pop}, bwd...)
		}
		return true
	})
	if err != nil {
		return nil, nil, err
	}
	return withLabel(s, append(fwd, s)), bwd, nil
}
