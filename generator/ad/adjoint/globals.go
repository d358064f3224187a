package adjoint

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/liveness"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module procedures and module variables in reverse mode.
//
// The adjoints of the procedures of module m go into a module m_b (m plus
// the suffix) that uses m; so do the adjoints of m's active variables,
// v_b, declared in m_b's specification part. A global adjoint follows the
// convention of an input-output argument: on entry to an adjoint routine
// v_b holds the adjoint of v's value on exit of the original, on return
// that of its value on entry. It is never zeroed by the generated code
// except where v is overwritten.
//
// m's private entities are not accessible in m_b: decl.Private copies
// into m_b, as private entities, the named constants, the variables set
// only by their initialisers and the procedures the adjoints reference
// (copies without state, so exact), and rejects a private variable some
// procedure changes (module state m_b cannot share) at its declaration.
//
// Joint reversal re-runs a callee in the backward sweep: the module
// variables it reads must then have the values they had at the call, and
// those it writes must get back the values the caller's backward sweep
// expects. The forward sweep therefore records, at each call of an active
// procedure, the module variables the callee (and what it calls) references
// that some statement of the program may write; the backward sweep restores
// them before the callee's adjoint and again after it.

// shared is what the generation of all versions shares.
type shared struct {
	// assocComps are the POINTER components some `=>` of the program
	// associates (snap_ptrcomp.go).
	assocComps map[*sema.Symbol]bool
	// modDecls are the declarations of module m_b, by module; origs the
	// module procedures whose adjoints m_b holds.
	modDecls map[*sema.Symbol][]ast.Stmt
	origs    map[*sema.Symbol][]*ast.Unit
	declared map[*sema.Symbol]bool
	// written are the module variables some statement may define.
	written map[*sema.Symbol]bool
	// refs caches the module variables a procedure references,
	// transitively.
	refs map[*ast.Unit][]*sema.Symbol
	// plan says how each call is reversed; forms are the routines each
	// version needs; target is the target's version (whose adjoint the
	// user calls).
	plan   *plan.Plan
	modref *modref.Result
	forms  map[*activity.ProcActivity]forms
	target *activity.ProcActivity
	// units are the routines generated for each version; internal the
	// adjoints of internal procedures, by host unit, and hostVars the
	// host variables whose adjoints they use, by host scope.
	units       map[*activity.ProcActivity][]*ast.Unit
	internal    map[*ast.Unit][]*ast.Unit
	internalFwd map[*ast.Unit][]*ast.Unit // the _fwd routines of split ones
	hostVars    map[*sema.Scope][]*sema.Symbol
	// threadprivate are the module variables whose adjoints are
	// (omp_globals.go).
	threadprivate map[*sema.Symbol]bool
	// fixed are the fixed-point loops (fixedpoint.go).
	fixed map[*ast.DoConstruct]*fixedpoint.Decision
	// decisions collects ERA's decisions (era.go), if not nil.
	decisions *[]Decision
}

func newShared(info *sema.Info, files []*ast.File, target *sema.Symbol) *shared {
	sh := &shared{modDecls: map[*sema.Symbol][]ast.Stmt{}, origs: map[*sema.Symbol][]*ast.Unit{}, declared: map[*sema.Symbol]bool{},
		written: map[*sema.Symbol]bool{}, refs: map[*ast.Unit][]*sema.Symbol{},
		units:    map[*activity.ProcActivity][]*ast.Unit{},
		internal: map[*ast.Unit][]*ast.Unit{}, internalFwd: map[*ast.Unit][]*ast.Unit{}, hostVars: map[*sema.Scope][]*sema.Symbol{}}
	// Only the routines the target may call run between a forward sweep
	// and its backward sweep: a module variable only an initialisation
	// routine writes (Icepack's puny) keeps its value there.
	runs := reachable(info, target)
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		for _, p := range u.Procs {
			visit(p)
		}
		if runs != nil && !runs[u] {
			return
		}
		// Every variable (a superset of the globals and host variables
		// that matter).
		seen := map[*sema.Symbol]bool{}
		walkStmts(u.Body, func(s ast.Stmt) {
			ast.Inspect(s, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if sym := info.ObjectOf(id); sym != nil && sym.Kind == sema.VarSym && !seen[sym] {
						seen[sym] = true
						if decl.MayDefine(info, u, sym) {
							sh.written[decl.Canon(sym)] = true
						}
					}
				}
				return true
			})
		})
	}
	for _, f := range files {
		for _, u := range f.Units {
			visit(u)
		}
	}
	sh.assocComps = associatedComponents(info, files) // snap_ptrcomp.go
	return sh
}

// reachable returns the units of the routines target may call,
// itself included; nil (every unit) when the call graph is unknown or
// target may reach code without a body (an external procedure, a
// procedure argument), which may write anything.
func reachable(info *sema.Info, target *sema.Symbol) map[*ast.Unit]bool {
	if info.CallGraph == nil || target == nil {
		return nil
	}
	start := info.CallGraph.Node(target)
	if start == nil {
		return nil
	}
	runs := map[*ast.Unit]bool{}
	seen := map[*sema.CGNode]bool{start: true}
	for todo := []*sema.CGNode{start}; len(todo) > 0; {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if n.Intrinsic() {
			continue
		}
		u := n.Unit()
		if u == nil {
			return nil
		}
		runs[u] = true
		for _, c := range append(append([]*sema.CGNode{}, n.Callees...), n.Refs...) {
			if !seen[c] {
				seen[c] = true
				todo = append(todo, c)
			}
		}
	}
	return runs
}

// isGlobal and hostVar are the liveness analysis's: what is global there
// is global here.
var (
	isGlobal = liveness.Global
	hostVar  = liveness.HostVar
)

// globalsIn returns the module and common variables unit u references
// (itself, not its callees), in order of first reference.
func globalsIn(info *sema.Info, u *ast.Unit) []*sema.Symbol {
	var out []*sema.Symbol
	seen := map[*sema.Symbol]bool{}
	own := info.ScopeOf(u)
	walkStmts(u.Body, func(s ast.Stmt) {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if sym := info.ObjectOf(id); (isGlobal(sym) || hostVar(sym, own)) && !seen[sym] {
					seen[sym] = true
					out = append(out, sym)
				}
			}
			return true
		})
	})
	return out
}

// calleeGlobals returns the module and common variables the procedure of
// unit u references, with those of the procedures it calls.
func (sh *shared) calleeGlobals(info *sema.Info, u *ast.Unit) []*sema.Symbol {
	if r, ok := sh.refs[u]; ok {
		return r
	}
	sh.refs[u] = nil // recursion
	seen := map[*sema.Symbol]bool{}
	var out []*sema.Symbol
	own := info.ScopeOf(u)
	add := func(list []*sema.Symbol) {
		for _, s := range list {
			// u's own variables that its internal procedures use
			// are not globals of u.
			if !seen[s] && (own == nil || s.Owner != own || isGlobal(s)) {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	add(globalsIn(info, u))
	visit := func(c sema.Call) {
		if c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Unit != nil && !c.IsIntrinsic() {
			add(sh.calleeGlobals(info, c.Proc.Proc.Unit))
		}
	}
	walkStmts(u.Body, func(s ast.Stmt) {
		if cs, ok := s.(*ast.CallStmt); ok {
			visit(info.CallStmts[cs])
		}
		ast.Inspect(s, func(n ast.Node) bool {
			if x, ok := n.(*ast.CallExpr); ok {
				if c, ok := info.Calls[x]; ok && c.Kind == sema.FunctionCall {
					visit(c)
				}
			}
			return true
		})
	})
	sh.refs[u] = out
	return out
}

// globalAdj declares (once) the adjoint of module variable s in its
// module's adjoint module and notes that the routine uses that module.
func (g *gen) globalAdj(s *sema.Symbol) error {
	m := s.Module()
	if m == nil {
		return notSupported("active common-block variable '%s' in '%s'", s.Name, g.pa.Proc.Name)
	}
	if s.Attrs.Has(sema.AttrPointer) && g.modPtrOf(s) == nil {
		return notSupported("active pointer module variable '%s::%s'", m.Name, s.Name)
	}
	if s.Attrs.Has(sema.AttrParameter) {
		return nil
	}
	if m != g.module {
		g.useMods[m] = true
	}
	if g.sh.declared[s] {
		return nil
	}
	g.sh.declared[s] = true
	d, err := g.decl(s)
	if err != nil {
		return err
	}
	g.sh.modDecls[m] = append(g.sh.modDecls[m], nullInit(s, decl.ModuleInit(s, d))) // ptr_module.go; decl/dtype_init.go
	return nil
}

// aroundCall returns what a joint call of the procedure of unit u needs
// for the module variables it references and the program may write:
// their pushes before the call, and the pops that restore them.
func (g *gen) aroundCall(u *ast.Unit, what string) (push, pop []ast.Stmt, err error) {
	for _, s := range g.sh.calleeGlobals(g.info, u) {
		if !g.sh.written[decl.Canon(s)] || g.modPtrOf(s) != nil {
			continue // (a module pointer of a set: split_ptr_module.go)
		}
		var ref ast.Expr
		if s.Attrs.Has(sema.AttrInCommon) && s.Module() == nil {
			var err error
			if ref, err = g.commonRef(s, what); err != nil {
				return nil, nil, err
			}
		} else {
			var err error
			if ref, err = g.globalRef(s); err != nil {
				return nil, nil, err
			}
		}
		if decl.IsAllocatable(s) && !s.Attrs.Has(sema.AttrPointer) && s.Type.IsCharacter() {
			p, q, err := g.saveAlloc(ref, s, true, tape.Push, false) // with its length: char_alloc.go
			if err != nil {
				return nil, nil, err
			}
			push, pop = append(push, p...), append(q, pop...)
			continue
		}
		if isCharScalar(s) {
			p, q := g.charSaves(ref, tape.Push) // char_saves.go
			push, pop = append(push, p...), append(q, pop...)
			continue
		}
		if s.Type != nil && s.Type.IsCharacter() {
			return nil, nil, notSupported("character module variable '%s' used by '%s', reversed jointly", s.Name, what)
		}
		if _, ok := tape.TypeOf(s.Type); !ok && !decl.IsDerived(s.Type) && !s.Type.IsComplex() { // (complex: its parts)
			return nil, nil, notSupported("module variable '%s' of type %s used by '%s', reversed jointly", s.Name, s.Type, what)
		}
		if p, q, ok, err := g.aroundAlloc(ref, s); ok || err != nil { // ckpt_split_globals.go
			if err != nil {
				return nil, nil, err
			}
			push, pop = append(push, p...), append(q, pop...)
			continue
		}
		if s.Attrs.Has(sema.AttrAllocatable) || s.Attrs.Has(sema.AttrPointer) {
			return nil, nil, notSupported("allocatable or pointer module variable '%s' used by '%s', reversed jointly", s.Name, what)
		}
		var p, q []ast.Stmt
		var err error
		if decl.IsDerived(s.Type) {
			// Component by component, ALLOCATABLE ones with their
			// allocation (derived.go).
			p, q, err = g.recordDerived(ref, s.Rank(), s.Type, tape.Push, true)
		} else {
			p, q, err = symPushPop(ref, s)
		}
		if err != nil {
			return nil, nil, err
		}
		push = append(push, p...)
		pop = append(q, pop...)
	}
	return push, pop, nil
}

// globalRef is a name for module variable s in the routine: its own if it
// resolves to s there, else a renamed USE of it.
func (g *gen) globalRef(s *sema.Symbol) (ast.Expr, error) {
	if g.scope.Lookup(s.Name) == s {
		return ast.NewIdent(s.Name), nil
	}
	m := s.Module()
	if m == nil {
		return nil, notSupported("common-block variable '%s' not visible in '%s'", s.Name, g.pa.Proc.Name)
	}
	name, ok := g.renamedUse(m, s.Name)
	if !ok {
		return nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
	}
	return ast.NewIdent(name), nil
}

// renamedUse returns fadj_<m>_<entity>, the name a USE of module m it
// adds (once) gives entity in the routine; ok false if the routine has
// that name already.
func (g *gen) renamedUse(m *sema.Symbol, entity string) (name string, ok bool) {
	name = "fadj_" + m.Name + "_" + entity
	if g.scope.Lookup(name) != nil {
		return name, false
	}
	if !g.declared[name] {
		g.declared[name] = true
		g.uses = append(g.uses, &ast.UseStmt{Module: ast.NewIdent(m.Name), Only: true,
			Items: []*ast.UseItem{{Local: ast.NewIdent(name), Name: ast.NewIdent(entity)}}})
	}
	return name, true
}

// commonAdj declares, once per routine, the adjoint common block of the
// block holding active variable s: /blk_b/ with the adjoints of all the
// block's real members in this routine, so that its layout is the same in
// every routine declaring the block alike.
func (g *gen) commonAdj(s *sema.Symbol) error {
	stmts, err := decl.Common(g.scope, s, g.suffix, g.declared, g.decl)
	if err != nil {
		return err
	}
	g.decls = append(g.decls, stmts...)
	return nil
}

// commonRef is a name for common-block variable s (of another routine) in
// this one: the routine's own member at the same place of the block, or a
// member of a copy of the block's declaration with generated names.
func (g *gen) commonRef(s *sema.Symbol, what string) (ast.Expr, error) {
	c := s.Common
	if c == nil || c.Name == "" {
		return nil, notSupported("variable '%s' of the blank common block used by '%s', reversed jointly", s.Name, what)
	}
	idx := decl.MemberIndex(s)
	var mine, theirs []*sema.Symbol
	for _, d := range c.Decls {
		if d.Scope == g.scope {
			mine = d.Members
		}
		for _, m := range d.Members {
			if m == s {
				theirs = d.Members
			}
		}
	}
	if mine != nil {
		if idx < 0 || idx >= len(mine) || !sameLayout(mine, theirs) {
			return nil, notSupported("common block /%s/ declared differently in '%s' and in '%s', reversed jointly", c.Name, g.pa.Proc.Name, what)
		}
		return ast.NewIdent(mine[idx].Name), nil
	}
	name := func(m *sema.Symbol) string { return "fadj_" + c.Name + "_" + m.Name }
	key := "/" + c.Name + "/copy"
	if !g.declared[key] {
		g.declared[key] = true
		blk := &ast.CommonBlock{Name: ast.NewIdent(c.Name)}
		for _, m := range theirs {
			d, err := copyDecl(m, name(m))
			if err != nil {
				return nil, notSupported("common block /%s/ of '%s', reversed jointly: %v", c.Name, what, err)
			}
			if g.scope.Lookup(name(m)) != nil {
				return nil, notSupported("generated name '%s' clashes with a name of '%s'", name(m), g.pa.Proc.Name)
			}
			g.decls = append(g.decls, d)
			blk.Entities = append(blk.Entities, &ast.Entity{Name: ast.NewIdent(name(m))})
		}
		g.decls = append(g.decls, &ast.CommonStmt{Blocks: []*ast.CommonBlock{blk}})
	}
	return ast.NewIdent(name(s)), nil
}

// sameLayout reports whether two declarations of a block have members of
// the same types and shapes.
func sameLayout(a, b []*sema.Symbol) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type == nil || b[i].Type == nil || a[i].Type.String() != b[i].Type.String() || len(a[i].Dims) != len(b[i].Dims) {
			return false
		}
		for j := range a[i].Dims {
			ea, oka := a[i].Dims[j].Extent()
			eb, okb := b[i].Dims[j].Extent()
			if !oka || !okb || ea != eb {
				return false
			}
		}
	}
	return true
}

// copyDecl declares a variable named name like m, whose type is numeric or
// logical and whose bounds are constants.
func copyDecl(m *sema.Symbol, name string) (ast.Stmt, error) {
	t := m.Type
	var ts *ast.TypeSpec
	switch {
	case t.IsReal():
		ts = &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
	case t.IsComplex():
		ts = &ast.TypeSpec{Kind: ast.Complex, KindSel: deriv.Int(t.Kind)}
	case t.IsInteger():
		ts = &ast.TypeSpec{Kind: ast.Integer, KindSel: deriv.Int(t.Kind)}
	case t.IsLogical():
		ts = &ast.TypeSpec{Kind: ast.Logical, KindSel: deriv.Int(t.Kind)}
	default:
		return nil, fmt.Errorf("member '%s' of type %s", m.Name, t)
	}
	e := &ast.Entity{Name: ast.NewIdent(name)}
	for _, d := range m.Dims {
		if d.Kind != sema.ExplicitShape || !d.Lo.Const || !d.Hi.Const {
			return nil, fmt.Errorf("member '%s' with non-constant bounds", m.Name)
		}
		e.Dims = append(e.Dims, &ast.Dim{Lo: deriv.Int(int(d.Lo.Value)), Hi: deriv.Int(int(d.Hi.Value)), Colon: true})
	}
	return &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{e}}, nil
}
