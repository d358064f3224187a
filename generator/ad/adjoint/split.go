package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/diag"
	"sort"
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Split reversal of calls.
//
// A callee reversed in split mode gets two routines instead of foo_b:
// foo_fwd(args), its forward sweep, which records on the tape, and
// foo_bwd(args with adjoints), its backward sweep. The caller's forward
// sweep calls foo_fwd where the original calls foo, its backward sweep calls
// foo_bwd at the call's place: the callee runs once, not twice as in joint
// mode, and its tape sits in the middle of the caller's.
//
// foo_bwd is a new activation of the routine: at the end of foo_fwd the
// values its backward sweep reads (its locals, its dummies that may change
// after the call, the globals it reads: the TBR sets, or every variable in
// store-all mode) are pushed, and foo_bwd pops them first. The caller keeps
// the variables of actual arguments foo cannot change (intent(in) dummies,
// expressions) as they were at the call: it pushes those it may change
// later after the call and pops them before foo_bwd. Around that, the
// caller records and restores the arguments and globals foo may change as
// for a joint call, so that its own backward sweep sees the values from
// before the call.

// splitUnits returns foo_fwd for the version being generated, given its
// declarations and forward sweep, and sets g.bwdPrefix to the pops that
// start foo_bwd.
func (g *gen) splitUnits(u *ast.Unit, decls []ast.Stmt, fwd []ast.Stmt) ([]*ast.Unit, error) {
	if u.Kind != ast.SubroutineUnit {
		return nil, notSupported("function '%s' reversed in split mode", g.pa.Proc.Name)
	}
	if err := g.splitBoundsChanged(u); err != nil { // split_bounds.go
		return nil, err
	}
	snap, allocs, err := g.snapshot(u)
	if err != nil {
		return nil, err
	}
	push, pop, err := g.splitAllocs(u, allocs) // alloc_split.go
	if err != nil {
		return nil, err
	}
	recorded := map[*sema.Symbol]bool{}
	for _, s := range snap {
		p, q, err := g.splitPushPop(s) // alloc_split.go
		if err != nil {
			return nil, err
		}
		push = append(push, p...)
		pop = append(q, pop...)
		recorded[s] = true
	}
	p, q, err := g.splitComponentAllocs(recorded) // alloc_split.go
	if err != nil {
		return nil, err
	}
	push, pop = append(push, p...), append(q, pop...)
	fu := &ast.Unit{Kind: ast.SubroutineUnit, Name: ast.NewIdent(routineName(g.pa, "_fwd")), Args: u.Args, Prefix: fwdPrefix(u.Prefix)}
	fu.Decls = decls
	fu.Body = append(append(fu.Body, fwd...), push...)
	fu.End = ast.EndStmt{Keyword: "subroutine", Name: fu.Name}
	g.bwdPrefix = pop
	return []*ast.Unit{fu}, nil
}

// snapshot returns the variables foo_fwd leaves for foo_bwd, sorted by
// name, and the allocatable ones among them apart (alloc_split.go).
func (g *gen) snapshot(u *ast.Unit) ([]*sema.Symbol, map[*sema.Symbol]bool, error) {
	// With TBR, the union of the TBR sets: what the backward sweep reads
	// that is not on the tape (the set at the exit, and more); else every
	// variable the body references.
	want := map[*sema.Symbol]bool{}
	walkStmts(u.Body, func(s ast.Stmt) {
		if g.tbr != nil {
			for _, after := range []bool{false, true} {
				for _, v := range g.tbr.Required(s, after) {
					want[v.Sym] = true
				}
			}
			return
		}
		ast.Inspect(s, func(n ast.Node) bool {
			if kw, ok := n.(*ast.KeywordArg); ok {
				// (its name is the callee's dummy: call scale2(y=x))
				ast.Inspect(kw.Value, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if sym := g.info.ObjectOf(id); sym != nil && sym.Kind == sema.VarSym {
							want[sym] = true
						}
					}
					return true
				})
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				if sym := g.info.ObjectOf(id); sym != nil && sym.Kind == sema.VarSym {
					want[sym] = true
				}
			}
			return true
		})
	})
	var out []*sema.Symbol
	allocs := map[*sema.Symbol]bool{}
	// In source order: the pointers' associations (and the first error)
	// come out in it, not in the map's.
	syms := make([]*sema.Symbol, 0, len(want))
	for s := range want {
		syms = append(syms, s)
	}
	sort.Slice(syms, func(i, j int) bool { return syms[i].Pos < syms[j].Pos })
	for _, s := range syms {
		if s.Kind != sema.VarSym || s.Attrs.Has(sema.AttrParameter) {
			continue
		}
		if s.IsDummy() && (s.Intent == ast.IntentIn || !decl.MayDefine(g.info, u, s) || g.neverDefined(s)) { // legacy_intents.go
			continue // the caller keeps it (see the package comment)
		}
		if s.Type != nil && s.Type.IsCharacter() {
			continue
		}
		if g.tbr == nil && s.IsDummy() && onlyAssigned(g.info, u, s) {
			continue // no value of it is read (legacy_intents.go)
		}
		if _, ok := tape.TypeOf(s.Type); !ok && !decl.IsDerived(s.Type) && !s.Type.IsComplex() {
			return nil, nil, notSupported("variable '%s' of type %s in '%s', reversed in split mode", s.Name, s.Type, g.pa.Proc.Name)
		}
		if s.Attrs.Has(sema.AttrPointer) {
			if g.splitReplayed(s) || g.modPtrSetOf(s) != nil || g.splitHostPointer(s) {
				continue // split_replay.go, split_ptr_module.go
			}
			assoc, ok := g.splitPointer(u, s) // split_pointer.go
			if !ok && s.Owner == g.scope && !s.IsDummy() {
				// Not yet met in the body (the store-all records list
				// every variable first; `=> null()` makes it SAVEd): a
				// pointer the body replays is fine.
				if plan, err := g.replay(s); err == nil && plan != nil {
					continue
				}
			}
			if !ok {
				return nil, nil, diag.At(g.fset, s.Pos, notSupported("pointer variable '%s' in '%s', reversed in split mode (fadj associates again in foo_bwd a local pointer the routine associates once, at the top of its body, with a part of a dummy, or of a module variable its callees do not reference; it replays module pointers, and reads the pointers of the host it does not move)", s.Name, g.pa.Proc.Name))
			}
			g.splitAssocs = append(g.splitAssocs, assoc...)
			continue
		}
		if s.Attrs.Has(sema.AttrAllocatable) {
			allocs[s] = true
			continue
		}
		for _, d := range s.Dims {
			if d.Kind == sema.AssumedSize && !g.splitReach(u, s) { // legacy_split_reach.go
				return nil, nil, notSupported("assumed-size array '%s' in '%s', reversed in split mode", s.Name, g.pa.Proc.Name)
			}
		}
		if isGlobal(s) && g.scope.Lookup(s.Name) != s {
			continue
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Pos < out[j].Pos
	})
	return out, allocs, nil
}

// keepSubscripts returns, for a split call with actual arguments args (in
// the order of the dummies) of a procedure (unit callee,
// dummies in scope cs), what makes its actual arguments designate and
// evaluate in the backward sweep as at the call: the scalar variables they
// reference that the callee itself may change (passed to a dummy it may
// define, or globals it writes) are copied before the call (save), pushed
// after it (push) and popped before foo_bwd (pop). The caller's recording
// of what it changes later (as for a joint call) does the rest.
func (g *gen) keepSubscripts(args []ast.Expr, callee *ast.Unit, cs *sema.Scope) (save, push, pop []ast.Stmt, err error) {
	changed := map[*sema.Symbol]bool{}
	for i, a := range args {
		id, ok := a.(*ast.Ident)
		if !ok {
			continue
		}
		var ds *sema.Symbol
		if i < len(callee.Args) {
			ds = cs.LookupLocal(callee.Args[i].Lower())
		}
		if v := g.info.ObjectOf(id); v != nil && (ds == nil || decl.MayDefine(g.info, callee, ds)) {
			changed[v] = true
		}
	}
	for _, v := range g.sh.calleeGlobals(g.info, callee) {
		if g.sh.written[decl.Canon(v)] {
			changed[decl.Canon(v)] = true
		}
	}
	seen := map[*sema.Symbol]bool{}
	for _, a := range args {
		var vars []*ast.Ident
		ast.Inspect(a, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && c != a {
				vars = append(vars, idents(c)...)
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok {
				for _, x := range c.Args {
					vars = append(vars, idents(x)...)
				}
				return false
			}
			return true
		})
		if _, ok := a.(*ast.CallExpr); !ok {
			if _, ok := a.(*ast.Ident); !ok {
				vars = append(vars, idents(a)...) // an expression
			}
		}
		for _, id := range vars {
			v := g.info.ObjectOf(id)
			if v == nil || v.Kind != sema.VarSym || v.Rank() != 0 || seen[v] || !(changed[v] || changed[decl.Canon(v)]) {
				continue
			}
			if v.IsDummy() && v.Intent == ast.IntentIn {
				continue
			}
			seen[v] = true
			typ, ok := tape.TypeOf(v.Type)
			if !ok {
				return nil, nil, nil, notSupported("variable '%s' of type %s in the arguments of '%s', reversed in split mode", v.Name, v.Type, callee.Name.Name)
			}
			g.ntmp++
			tmp, err := g.local("fadj_save"+strconv.Itoa(g.ntmp), v.Type)
			if err != nil {
				return nil, nil, nil, err
			}
			save = append(save, &ast.AssignStmt{Lhs: tmp, Rhs: ast.NewIdent(id.Name)})
			op := tape.Op{Kind: tape.Push, Type: typ, Ref: tmp}
			push = append(push, tape.Lower(op))
			pop = append([]ast.Stmt{tape.Lower(tape.Op{Kind: tape.Pop, Type: typ, Ref: ast.NewIdent(id.Name)})}, pop...)
		}
	}
	return save, push, pop, nil
}

// idents returns the identifiers naming variables in x.
func idents(x ast.Expr) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			out = append(out, id)
		}
		return true
	})
	return out
}

// symPushPop saves and restores the whole variable s, named ref (nothing
// for a character variable).
func symPushPop(ref ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	if s.Type != nil && s.Type.IsCharacter() {
		return nil, nil, nil
	}
	if decl.IsDerived(s.Type) {
		return derivedSymPushPop(ref, s) // derived.go
	}
	if s.Type != nil && s.Type.IsComplex() {
		return complexSymPushPop(ref, s) // complex.go
	}
	typ, ok := tape.TypeOf(s.Type)
	if !ok {
		return nil, nil, notSupported("no tape for variable '%s' of type %s", s.Name, s.Type)
	}
	if s.Rank() == 0 {
		return []ast.Stmt{tapePush(typ, ref)}, []ast.Stmt{tapePop(typ, ref)}, nil
	}
	for _, d := range s.Dims {
		if d.Kind == sema.AssumedSize {
			return nil, nil, notSupported("assumed-size array '%s' recorded whole in reverse mode", s.Name)
		}
	}
	n := deriv.Call("size", ref)
	return []ast.Stmt{tapePushArray(typ, ref, n)}, []ast.Stmt{tapePopArray(typ, ref, n)}, nil
}
