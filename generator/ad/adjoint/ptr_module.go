package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointers among module variables (the double buffer of a time loop:
// `cur => a; nxt => b` in a module, swapped by a step routine).
//
// The activity analysis makes a pointer and everything it may be
// associated with one location; for a module pointer that set is a
// modPtrSet: its module pointers, and its module TARGETs. Reverse mode
// takes a set whose pointers (module ones, and the local pointers of the
// set) are only ever associated, anywhere in the program, with null(), a
// whole TARGET of the set or another pointer of the set, and never
// allocated: then a pointer's association is a number, 0 for none, k
// when associated(p, t_k), and can be pushed like an integer and made
// again from it (p => t_k, p_b => t_k_b). So:
//
//   - each pointer statement on a module pointer pushes the number of its
//     association before it (in loops too) and is mirrored on p_b; the
//     backward sweep pops it and associates p and p_b again;
//   - a joint call that may reach the set saves, on the snapshot stack,
//     the numbers of the set's pointers and the values of its targets
//     (whole, by name: the TBR analysis, by name, does not see what a
//     callee writes through a pointer), restores them before the
//     callee's adjoint, and restores the values again after it, for the
//     code before the call; the callee's adjoint leaves the associations
//     as it found them. In the forward sweep the primal callee moved the
//     pointers, not their adjoints: p_b follows p again after the call,
//     and on entry;
//   - the adjoint of a module pointer is never zeroed (its targets' are).
//
// Rejected at their positions: a set that does not qualify, a call of a
// procedure without a derivative version, a call reversed with `calls:
// split` and an active function reference that may reach the set.

// modPtrSet is a set of module variables that pointer association may
// alias.
type modPtrSet struct {
	ptrs    []*sema.Symbol // the module pointers
	targets []*sema.Symbol // the module TARGETs (not pointers)
	members map[*sema.Symbol]bool
	canon   *sema.Symbol // the active variable the activity analysis lists
}

// modPtrSets returns the sets of module pointers of the routine's active
// variables (computed once); those reverse mode cannot take are left out,
// their errors kept for checkModulePointers.
func (g *gen) modPtrSets() ([]*modPtrSet, error) {
	if g.mptr != nil {
		return g.mptr.sets, g.mptr.err
	}
	g.mptr = &modPtrState{errs: map[*sema.Symbol]error{}}
	seen := map[*sema.Symbol]bool{}
	var all diag.List
	for _, v := range g.pa.ActiveVars() {
		mem := g.pa.Aliases(v.Sym)
		if len(mem) == 0 || seen[mem[0]] || !hasModulePointer(mem) {
			continue
		}
		seen[mem[0]] = true
		set, err := g.modPtrSet(mem)
		if err != nil {
			g.mptr.errs[v.Sym] = err
			all.AddErr(g.fset, v.Sym.Pos, err)
			continue
		}
		set.canon = v.Sym
		g.mptr.sets = append(g.mptr.sets, set)
	}
	if len(g.mptr.sets) > 0 { // the calls: reported with the first set's variable
		if err := g.checkModPtrCalls(g.pa.Unit.Body); err != nil {
			first := g.mptr.sets[0].canon
			var l diag.List
			l.AddErr(g.fset, first.Pos, g.mptr.errs[first])
			l.AddErr(g.fset, first.Pos, err)
			g.mptr.errs[first] = l
			all.AddErr(g.fset, first.Pos, err)
		}
	}
	if len(all) > 0 {
		g.mptr.err = all
	}
	return g.mptr.sets, g.mptr.err
}

// modPtrState is what modPtrSets found for the routine.
type modPtrState struct {
	sets []*modPtrSet
	errs map[*sema.Symbol]error // by active variable
	err  error
}

// checkModulePointers returns the error of active variable s if it
// shares its location with a module pointer in a set reverse mode cannot
// take.
func (g *gen) checkModulePointers(s *sema.Symbol) error {
	g.modPtrSets()
	return g.mptr.errs[s]
}

// modPtrMembers returns the module variables of the sets, which have
// adjoints (the activity analysis lists one of each set).
func (g *gen) modPtrMembers() []*sema.Symbol {
	sets, _ := g.modPtrSets()
	var out []*sema.Symbol
	for _, set := range sets {
		out = append(append(out, set.ptrs...), set.targets...)
	}
	return out
}

func hasModulePointer(mem []*sema.Symbol) bool {
	for _, s := range mem {
		if s.Kind == sema.VarSym && s.Module() != nil && s.Attrs.Has(sema.AttrPointer) && isFloat(s.Type) {
			return true
		}
	}
	return false
}

// modPtrSet checks the set of members mem and returns it.
func (g *gen) modPtrSet(mem []*sema.Symbol) (*modPtrSet, error) {
	set := &modPtrSet{members: map[*sema.Symbol]bool{}}
	for _, m := range mem {
		set.members[m] = true
		switch {
		case m.Kind != sema.VarSym || m.Attrs.Has(sema.AttrInCommon):
			return nil, diag.At(g.fset, m.Pos, notSupported("'%s', which an active module pointer may alias, in reverse mode", m.Name))
		case m.Module() == nil && !m.Attrs.Has(sema.AttrPointer):
			return nil, diag.At(g.fset, m.Pos, notSupported("local TARGET '%s' associated with an active module pointer in reverse mode", m.Name))
		case m.Module() == nil:
		case g.scope.Lookup(m.Name) != m:
			return nil, diag.At(g.fset, m.Pos, notSupported("module variable '%s', which an active module pointer may alias, not accessible by its name in '%s' (reverse mode)", m.Name, g.pa.Proc.Name))
		case m.Attrs.Has(sema.AttrPointer):
			set.ptrs = append(set.ptrs, m)
		default:
			set.targets = append(set.targets, m)
		}
	}
	sort.Slice(set.ptrs, func(i, j int) bool { return set.ptrs[i].Pos < set.ptrs[j].Pos })
	sort.Slice(set.targets, func(i, j int) bool { return set.targets[i].Pos < set.targets[j].Pos })
	if err := g.checkModPtrStmts(set); err != nil {
		return nil, err
	}
	return set, nil
}

// checkModPtrStmts rejects, at its position, a statement of the program
// that associates a pointer of set otherwise than with null(), a whole
// target of set or a pointer of set, or allocates one.
func (g *gen) checkModPtrStmts(set *modPtrSet) error {
	var errs diag.List
	for n, sc := range g.info.Scopes {
		u, ok := n.(*ast.Unit)
		if !ok || sc == nil {
			continue
		}
		ast.Inspect(&ast.Unit{Body: u.Body}, func(x ast.Node) bool {
			switch s := x.(type) {
			case *ast.PointerAssignStmt:
				if id, ok := s.Lhs.(*ast.Ident); ok && set.members[g.info.ObjectOf(id)] {
					if r, ok := s.Rhs.(*ast.Ident); !isNull(s.Rhs) && (!ok || !set.members[g.info.ObjectOf(r)]) {
						errs.Addf(g.fset.Position(s.Pos()), "not supported yet: association of '%s', a pointer an active module pointer may alias, with '%s' (not null(), a whole module TARGET or a pointer of the same set) in reverse mode", id.Name, exprString(s.Rhs))
					}
				}
			case *ast.AllocateStmt:
				if s.Keyword == "nullify" {
					break
				}
				if g.allocatesSetPointer(s, set) {
					errs.Addf(g.fset.Position(s.Pos()), "not supported yet: %s of a pointer an active module pointer may alias, in reverse mode", s.Keyword)
				}
			}
			return true
		})
	}
	if len(errs) == 0 {
		return nil
	}
	errs.Sort()
	return errs
}

// allocatesSetPointer reports whether s allocates or deallocates a
// pointer of set. Its ALLOCATABLE targets may be allocated and
// deallocated (modPtrAllocated, modPtrDeallocated).
func (g *gen) allocatesSetPointer(s *ast.AllocateStmt, set *modPtrSet) bool {
	for _, o := range s.Objects {
		if c, ok := o.(*ast.CallExpr); ok {
			o = c.Fun
		}
		if id, ok := o.(*ast.Ident); ok {
			if v := g.info.ObjectOf(id); set.members[v] && v.Attrs.Has(sema.AttrPointer) {
				return true
			}
		}
	}
	return false
}

func (g *gen) allocatesSet(s *ast.AllocateStmt, set *modPtrSet) bool {
	for _, o := range s.Objects {
		if c, ok := o.(*ast.CallExpr); ok {
			o = c.Fun
		}
		if id, ok := o.(*ast.Ident); ok && set.members[g.info.ObjectOf(id)] {
			return true
		}
	}
	return false
}

// modPtrOf returns the set of module pointer v, nil if v is none.
func (g *gen) modPtrOf(v *sema.Symbol) *modPtrSet {
	if v == nil || v.Module() == nil || !v.Attrs.Has(sema.AttrPointer) {
		return nil
	}
	sets, _ := g.modPtrSets()
	for _, set := range sets {
		if set.members[v] {
			return set
		}
	}
	return nil
}

// modPtrNumber returns the statements setting the routine's integer
// fadj_mptr to the number of p's association in set.
func (g *gen) modPtrNumber(p *sema.Symbol, set *modPtrSet) (*ast.Ident, []ast.Stmt, error) {
	return g.modPtrNumberIn("fadj_mptr", p, set)
}

// modPtrNumberIn is modPtrNumber into the local name.
func (g *gen) modPtrNumberIn(name string, p *sema.Symbol, set *modPtrSet) (*ast.Ident, []ast.Stmt, error) {
	id, err := g.local(name, intType)
	if err != nil {
		return nil, nil, err
	}
	out := []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(id.Name), Rhs: deriv.Int(0)}}
	for k, t := range set.targets {
		out = append(out, &ast.IfStmt{
			Cond:   deriv.Call("associated", ast.NewIdent(p.Name), ast.NewIdent(t.Name)),
			Action: &ast.AssignStmt{Lhs: ast.NewIdent(id.Name), Rhs: deriv.Int(k + 1)}})
	}
	return ast.NewIdent(id.Name), out, nil
}

// modPtrAssoc returns the association of p (if primal) and p_b with
// target number n of set (n an integer variable).
func (g *gen) modPtrAssoc(p *sema.Symbol, set *modPtrSet, n *ast.Ident, primal bool) ast.Stmt {
	sel := &ast.SelectCase{Selector: ast.NewIdent(n.Name), End: ast.EndStmt{Keyword: "select"}}
	pb := ast.NewIdent(p.Name + g.suffix)
	for k, t := range set.targets {
		body := []ast.Stmt{&ast.PointerAssignStmt{Lhs: ast.NewIdent(pb.Name), Rhs: ast.NewIdent(t.Name + g.suffix)}}
		if primal {
			body = append([]ast.Stmt{&ast.PointerAssignStmt{Lhs: ast.NewIdent(p.Name), Rhs: ast.NewIdent(t.Name)}}, body...)
		}
		sel.Cases = append(sel.Cases, &ast.CaseBlock{Values: []ast.Expr{deriv.Int(k + 1)}, Body: body})
	}
	none := nullify(ast.NewIdent(pb.Name))
	if primal {
		none = nullify(ast.NewIdent(p.Name), ast.NewIdent(pb.Name))
	}
	sel.Cases = append(sel.Cases, &ast.CaseBlock{Default: true, Body: []ast.Stmt{none}})
	return sel
}

// modPtrStmt reverses pointer statement s (p => t, or NULLIFY(p) when
// rhs is nil) on module pointer p of set: the forward sweep pushes the
// number of p's association and mirrors s on p_b, the backward sweep
// pops it and associates p and p_b again.
func (g *gen) modPtrStmt(s ast.Stmt, p *sema.Symbol, set *modPtrSet, rhs ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	n, num, err := g.modPtrNumber(p, set)
	if err != nil {
		return nil, nil, err
	}
	var mirror ast.Stmt = nullify(ast.NewIdent(p.Name + g.suffix))
	if rhs != nil && !isNull(rhs) {
		mirror = &ast.PointerAssignStmt{Lhs: ast.NewIdent(p.Name + g.suffix), Rhs: ast.NewIdent(rhs.(*ast.Ident).Name + g.suffix)}
	}
	fwd = append(append(num, pushInt(n)), s)
	if !g.splitLocalRhs(rhs) { // split_ptr_module.go
		fwd = append(fwd, mirror)
	}
	bwd = []ast.Stmt{popInt(ast.NewIdent(n.Name)), g.modPtrAssoc(p, set, n, true)}
	return labelled(s, fwd), bwd, nil
}

// modPtrFollow returns, for every pointer of the sets, the association
// of its adjoint with the adjoint of its target (on entry, and after a
// call that may have moved the pointers).
func (g *gen) modPtrFollow(sets []*modPtrSet) ([]ast.Stmt, error) {
	var out []ast.Stmt
	for _, set := range sets {
		for _, p := range set.ptrs {
			n, num, err := g.modPtrNumber(p, set)
			if err != nil {
				return nil, err
			}
			out = append(append(out, num...), g.modPtrAssoc(p, set, n, false))
		}
	}
	return out, nil
}

// modPtrReached returns the sets joint call s may reach (through the
// globals or the arguments modref sees).
func (g *gen) modPtrReached(s *ast.CallStmt) []*modPtrSet {
	sets, _ := g.modPtrSets()
	if len(sets) == 0 {
		return nil
	}
	mc := g.modref().Call(s, g.scope)
	var out []*modPtrSet
	for _, set := range sets {
		reached := false
		for m := range set.members {
			reached = reached || mc.Uses[m] || mc.Defs[m] || mc.Globals[m]
		}
		// mod/ref sees values: a callee that only NULLIFYs a pointer or
		// DEALLOCATEs a target of the set reaches it too.
		if k := g.info.CallStmts[s]; !reached && k.Proc != nil && k.Proc.Proc != nil && k.Proc.Proc.Unit != nil {
			reached = g.reachesSets(k.Proc.Proc.Unit, []*modPtrSet{set})
		}
		if reached {
			out = append(out, set)
		}
	}
	return out
}

// modPtrSaves returns, for joint call s, what checkpointSaves adds (see
// the top of this file): the pushes before all its own (values of the
// targets, for after the callee's adjoint) and after them (numbers and
// values, for before it), and their pops; and refs without the set's
// pointers, whose values and associations these saves cover.
func (g *gen) modPtrSaves(s *ast.CallStmt, refs ...[]tbr.Ref) (first, last, before, after []ast.Stmt, out [][]tbr.Ref, err error) {
	sets := g.modPtrReached(s)
	if len(sets) == 0 {
		return nil, nil, nil, nil, refs, nil
	}
	for _, set := range sets {
		vp, vq, err := g.modPtrValues(set, false)
		if err != nil {
			return nil, nil, nil, nil, nil, err
		}
		first, after = append(first, vp...), append(vq, after...)
		if vp, vq, err = g.modPtrValues(set, false); err != nil {
			return nil, nil, nil, nil, nil, err
		}
		np, nq, err := g.modPtrNumbers(set, tape.SnapPush)
		if err != nil {
			return nil, nil, nil, nil, nil, err
		}
		last, before = append(append(last, np...), vp...), append(append(vq, nq...), before...)
	}
	for _, r := range refs {
		out = append(out, dropPointers(r, sets))
	}
	return first, last, before, after, out, nil
}

// modPtrPassive returns the records around CALL s of a procedure
// without a derivative version that may reach a set (a finalisation
// that NULLIFYs the pointers and DEALLOCATEs the targets): the numbers
// of the pointers and the targets' values, allocations included, pushed
// before it; popped after its place in the backward sweep, the targets
// first, their adjoints following them (a dropped value has a zero
// adjoint), then the associations.
func (g *gen) modPtrPassive(s *ast.CallStmt) (push, pop []ast.Stmt, err error) {
	for _, set := range g.modPtrReached(s) {
		np, nq, err := g.modPtrNumbers(set, tape.SnapPush)
		if err != nil {
			return nil, nil, err
		}
		vp, vq, err := g.modPtrValues(set, true)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(append(push, np...), vp...), append(append(vq, nq...), pop...)
	}
	return push, pop, nil
}

// modPtrValues returns the snapshot pushes of the values of set's
// targets, whole, and their pops. An ALLOCATABLE target's are those of
// its allocation (saveAlloc): a call may allocate it. Its adjoint stays
// as it is around a joint call (the pointers' adjoints are associated
// with it), follows it (allocated zero) if follow.
func (g *gen) modPtrValues(set *modPtrSet, follow bool) (push, pop []ast.Stmt, err error) {
	for _, t := range set.targets {
		if t.Attrs.Has(sema.AttrAllocatable) {
			f, b, err := g.saveAlloc(ast.NewIdent(t.Name), t, true, tape.SnapPush, follow)
			if err != nil {
				return nil, nil, err
			}
			push, pop = append(push, f...), append(b, pop...)
			continue
		}
		typ, _ := tape.TypeOf(t.Type)
		op := tape.Op{Kind: tape.SnapPush, Type: typ, Ref: ast.NewIdent(t.Name)}
		if t.Rank() > 0 {
			op.Count = deriv.Call("size", ast.NewIdent(t.Name))
		}
		push = append(push, tape.Lower(op))
		pop = append([]ast.Stmt{tape.Lower(op.Inverse())}, pop...)
	}
	return push, pop, nil
}

func dropPointers(refs []tbr.Ref, sets []*modPtrSet) []tbr.Ref {
	var out []tbr.Ref
	for _, r := range refs {
		drop := false
		for _, set := range sets {
			drop = drop || (set.members[r.Var] && r.Var.Attrs.Has(sema.AttrPointer))
		}
		if !drop {
			out = append(out, r)
		}
	}
	return out
}

// checkModPtrCalls rejects, at their positions, the calls and active
// function references of the body that may reach a set and that
// modPtrSaves does not handle: calls without a derivative version,
// split calls, function references.
func (g *gen) checkModPtrCalls(body []ast.Stmt) error {
	sets, err := g.modPtrSets()
	if err != nil || len(sets) == 0 {
		return err
	}
	var errs diag.List
	walkStmts(body, func(st ast.Stmt) {
		if c, ok := st.(*ast.CallStmt); ok && len(g.modPtrReached(c)) > 0 {
			k := g.info.CallStmts[c]
			switch {
			case g.pa.CallPattern(c) == nil && (k.Proc == nil || k.Proc.Proc == nil || k.Proc.Proc.Unit == nil):
				errs.Addf(g.fset.Position(c.Pos()), "not supported yet: call of '%s', which has no source and may reach an active module pointer, in reverse mode", exprString(c.Name))
			case g.pa.CallPattern(c) == nil:
				// modPtrPassive, from passiveAllocCall
			}
		}
		ast.Inspect(st, func(n ast.Node) bool {
			x, ok := n.(*ast.CallExpr)
			if !ok || g.pa.CallPattern(x) == nil {
				return true
			}
			if k := g.info.Calls[x]; k.Proc != nil && k.Proc.Proc != nil && k.Proc.Proc.Unit != nil && g.reachesSets(k.Proc.Proc.Unit, sets) {
				errs.Addf(g.fset.Position(x.Pos()), "not supported yet: active reference of '%s', which may reach an active module pointer, in reverse mode", exprString(x.Fun))
			}
			return true
		})
	})
	if len(errs) == 0 {
		return nil
	}
	errs.Sort()
	return errs
}

func (g *gen) reachesSets(u *ast.Unit, sets []*modPtrSet) bool {
	for _, v := range g.sh.calleeGlobals(g.info, u) {
		for _, set := range sets {
			if set.members[v] {
				return true
			}
		}
	}
	return false
}

// modPtrMember reports whether v is a module variable of a set.
func (g *gen) modPtrMember(v *sema.Symbol) bool {
	for _, m := range g.modPtrMembers() {
		if m == v {
			return true
		}
	}
	return false
}

// modPtrFollowCall returns a function appending to the forward sweep of
// joint call s the association of the adjoints of the pointers it may
// have moved.
func (g *gen) modPtrFollowCall(s *ast.CallStmt) func(fwd, bwd []ast.Stmt, err error) ([]ast.Stmt, []ast.Stmt, error) {
	return func(fwd, bwd []ast.Stmt, err error) ([]ast.Stmt, []ast.Stmt, error) {
		sets := g.modPtrReached(s)
		if err != nil || len(sets) == 0 {
			return fwd, bwd, err
		}
		follow, err := g.modPtrFollow(sets)
		return append(fwd, follow...), bwd, err
	}
}

// nullInit returns declaration d of the adjoint of module variable s,
// its entity initialised => null() if s is a pointer.
func nullInit(s *sema.Symbol, d ast.Stmt) ast.Stmt {
	td, ok := d.(*ast.TypeDecl)
	if !ok || !s.Attrs.Has(sema.AttrPointer) || len(td.Entities) != 1 {
		return d
	}
	td.Entities[0].Init = &ast.CallExpr{Fun: ast.NewIdent("null")}
	td.Entities[0].Pointer = true
	return d
}

// modPtrEntry makes the adjoints of the sets' pointers follow them on
// entry, unless the sweeps failed (prev).
func (g *gen) modPtrEntry(r *routine, prev error) error {
	sets, err := g.modPtrSets() // (its errors: with the active variables)
	if len(sets) == 0 || prev != nil || err != nil {
		return prev
	}
	follow, err := g.modPtrFollow(sets)
	r.entry = append(append(r.entry, g.modPtrTargetsFollow(sets)...), follow...)
	return err
}

// modPtrTargetsFollow returns the allocation of the adjoints of the
// sets' ALLOCATABLE targets: the pointers' adjoints are associated with
// them in the forward sweep, so they are allocated there, on entry where
// a target is allocated and its adjoint is not (zero), and after each
// ALLOCATE (modPtrAllocated); they are never reallocated while the
// targets keep their bounds. An adjoint is not freed on entry where its
// target is not allocated: a joint call's adjoint is entered with the
// target as the call found it, and the adjoint holding what the code
// after the call gave it (init_b of an init that allocates the target).
func (g *gen) modPtrTargetsFollow(sets []*modPtrSet) []ast.Stmt {
	var out []ast.Stmt
	for _, set := range sets {
		for _, t := range set.targets {
			if t.Attrs.Has(sema.AttrAllocatable) {
				x := ast.NewIdent(t.Name)
				xb := g.allocAdj(x, t)
				zero := g.zeroFor(&ast.AssignStmt{Lhs: ast.Clone(xb), Rhs: deriv.Const("0", t.Type)}, t)
				out = append(out, decl.If(decl.Allocated(ast.Clone(x)),
					decl.If(decl.Not(decl.Allocated(ast.Clone(xb))), decl.AllocateLike(ast.Clone(xb), ast.Clone(x), t.Type, t.Rank()), zero)))
			}
		}
	}
	return out
}

// modPtrDeallocated returns, for DEALLOCATE object v, the records that
// let the backward sweep associate the set's pointers again once it has
// allocated v anew (at another address): the numbers of their
// associations, pushed before the records of v's allocation and popped
// after its restoration.
func (g *gen) modPtrDeallocated(v *sema.Symbol) (push, pop []ast.Stmt, err error) {
	if v.Module() == nil || v.Attrs.Has(sema.AttrPointer) || !g.modPtrMember(v) {
		return nil, nil, nil
	}
	return g.modPtrNumbers(g.modPtrSetOf(v), tape.Push)
}

// modPtrNumbers returns the pushes (on the stack of push: the tape or
// the snapshot stack) of the numbers of set's pointers' associations,
// and their pops, each followed by the association of the pointer and
// its adjoint again.
func (g *gen) modPtrNumbers(set *modPtrSet, push tape.Kind) (pushes, pops []ast.Stmt, err error) {
	for _, p := range set.ptrs {
		n, num, err := g.modPtrNumber(p, set)
		if err != nil {
			return nil, nil, err
		}
		pushes = append(append(pushes, num...), tape.Lower(tape.Op{Kind: push, Type: tape.I4, Ref: n}))
		pops = append([]ast.Stmt{tape.Lower(tape.Op{Kind: push.Inverse(), Type: tape.I4, Ref: ast.NewIdent(n.Name)}),
			g.modPtrAssoc(p, set, n, true)}, pops...)
	}
	return pushes, pops, nil
}

// modPtrSetOf returns the set of member v.
func (g *gen) modPtrSetOf(v *sema.Symbol) *modPtrSet {
	sets, _ := g.modPtrSets()
	for _, set := range sets {
		if set.members[v] {
			return set
		}
	}
	return nil
}

// modPtrAllocated returns, for ALLOCATE object x of variable v, the
// allocation of v's adjoint after it when v is a target of a set.
func (g *gen) modPtrAllocated(x *ast.Ident, v *sema.Symbol) []ast.Stmt {
	if v.Module() == nil || v.Attrs.Has(sema.AttrPointer) || !g.modPtrMember(v) {
		return nil
	}
	return []ast.Stmt{g.follow(x, v)}
}

// modPtrSnapshot returns the error of the snapshots of checkpoint what
// (steps body) for the module pointer sets: an ALLOCATE or DEALLOCATE
// of a member in the steps (ptr_module_snap.go saves the sets).
func (g *gen) modPtrSnapshot(v *sema.Symbol, body []ast.Stmt, what string) error {
	sets, _ := g.modPtrSets()
	if len(sets) == 0 {
		return nil
	}
	return g.modPtrSnapStmts(body, sets, what)
}
