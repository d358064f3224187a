package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable variables of a routine reversed in split mode (split.go).
// foo_bwd is a new activation: its allocatable locals are not allocated
// on entry, and a dummy the caller passes may have another allocation
// than foo_fwd left it. Yet its backward sweep reverses foo_fwd's
// ALLOCATE (by DEALLOCATE) and restores what DEALLOCATE and whole
// assignments changed, from the allocation foo_fwd ended with. So
// foo_fwd ends by recording the allocation of each allocatable local and
// of each allocatable dummy it may define (status and bounds, and the
// values when the backward sweep reads them: the TBR sets, or all in
// store-all mode), and foo_bwd starts by restoring them (saveAlloc),
// before its adjoints are aligned with them. The caller saves the
// allocation of an actual argument the callee may reallocate before
// foo_fwd and restores it after foo_bwd, as around a joint call.

// splitAllocs returns the records at the end of foo_fwd of the
// allocatable locals and dummies of u, and their restoration at the
// start of foo_bwd; values holds those whose values foo_bwd reads.
func (g *gen) splitAllocs(u *ast.Unit, values map[*sema.Symbol]bool) (push, pop []ast.Stmt, err error) {
	push, pop, err = g.splitGlobalAllocs(values) // ckpt_split_globals.go
	if err != nil {
		return nil, nil, err
	}
	var vars []*sema.Symbol
	for _, s := range g.scope.Symbols() {
		if !decl.IsAllocatable(s) || s.Owner != g.scope || isGlobal(s) || s.Attrs.Has(sema.AttrPointer) {
			continue
		}
		if s.IsDummy() && !decl.MayDefine(g.info, u, s) || s == g.result {
			continue // the caller keeps it
		}
		vars = append(vars, s)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	for _, s := range vars {
		if _, ok := tape.TypeOf(s.Type); !ok && !decl.IsDerived(s.Type) && !s.Type.IsCharacter() { // (component by component: dtype_alloc.go; codes: char_alloc.go)
			return nil, nil, diag.At(g.fset, s.Pos, notSupported("allocatable variable '%s' of type %s in '%s', reversed in split mode", s.Name, s.Type, g.pa.Proc.Name))
		}
		// (The values of an array of a type with ALLOCATABLE components
		// hold the elements' allocations, which the adjoints follow.)
		inner := decl.IsDerived(s.Type) && len(decl.AllocPaths(s.Type)) > 0
		f, b, err := g.saveAlloc(ast.NewIdent(s.Name), s, values[s] || g.tbr == nil || inner, tape.Push, false)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(push, f...), append(b, pop...)
	}
	return push, pop, nil
}

// splitCallAllocs returns the saves, before the split call s (of
// callee), of the allocatables it may reallocate (decl.Reallocated:
// actual arguments and module variables), and their restoration after
// foo_bwd, the adjoints following: the caller's backward sweep goes on
// from the allocation they had before the call.
func (g *gen) splitCallAllocs(s *ast.CallStmt, callee string) (saves, restores []ast.Stmt, err error) {
	for _, v := range decl.Reallocated(g.info, s, g.modref().Call(s, g.scope)) {
		f, b, err := g.checkpointAlloc(v, tape.Push, callee, true)
		if err != nil {
			return nil, nil, err
		}
		saves, restores = append(saves, f...), append(b, restores...)
	}
	return saves, restores, nil
}

// splitPushPop returns the records of variable s at the end of foo_fwd
// and their restoration at the start of foo_bwd: those of a derived-type
// variable component by component (recordDerived), an array of types
// with array components element by element, ALLOCATABLE components
// (decl.AllocPaths) with their allocation, the adjoint's aligned after
// (componentInits).
func (g *gen) splitPushPop(s *sema.Symbol) (push, pop []ast.Stmt, err error) {
	if decl.IsDerived(s.Type) {
		return g.recordDerived(ast.NewIdent(s.Name), s.Rank(), s.Type, tape.Push, false) // derived.go
	}
	if sec := g.splitSecs[s]; sec != nil {
		return g.sectionPushPop(sec, s) // legacy_split_reach.go
	}
	return symPushPop(ast.NewIdent(s.Name), s)
}

// usedDecls returns the declarations of decls naming an entity that
// body references: foo_fwd's share of the locals its records declared
// (loop indices; the restorations' locals are foo_bwd's).
func usedDecls(decls, body []ast.Stmt) []ast.Stmt {
	used := map[string]bool{}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[strings.ToLower(id.Name)] = true
			}
			return true
		})
	}
	var out []ast.Stmt
	for _, d := range decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok {
			continue
		}
		for _, e := range td.Entities {
			if used[strings.ToLower(e.Name.Name)] {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// splitComponentAllocs returns the records at the end of foo_fwd of the
// allocation of the ALLOCATABLE components of u's derived-type locals
// (scalars, and arrays of types element by element) whose values
// foo_bwd does not read (those it reads are recorded whole, allocation
// included: splitPushPop), and their restoration at the start of
// foo_bwd: the backward sweep reverses the assignments that allocated
// them (t%d = ...) from the allocation foo_fwd ended with, and aligns
// their adjoints with it, but a local of foo_bwd starts unallocated.
func (g *gen) splitComponentAllocs(values map[*sema.Symbol]bool) (push, pop []ast.Stmt, err error) {
	var vars []*sema.Symbol
	for _, s := range g.scope.Symbols() {
		if s.Owner != g.scope || s.Kind != sema.VarSym || isGlobal(s) || s.IsDummy() || s == g.result || values[s] ||
			decl.IsAllocatable(s) || s.Attrs.Has(sema.AttrPointer) || len(decl.AllocPaths(s.Type)) == 0 {
			continue
		}
		vars = append(vars, s)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	for _, s := range vars {
		p, q, err := g.componentAllocRecords(ast.NewIdent(s.Name), s.Rank(), s.Type)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(push, p...), append(q, pop...)
	}
	return push, pop, nil
}

// componentAllocRecords returns the records of the allocation of the
// ALLOCATABLE components of ref, of derived type t and rank rank (element
// by element, in loops, for an array), and their restoration.
func (g *gen) componentAllocRecords(ref ast.Expr, rank int, t *sema.Type) (push, pop []ast.Stmt, err error) {
	if rank > 0 {
		el, fwd, bwd := g.elementDoLoops(ref, rank) // derived.go
		p, q, err := g.componentAllocRecords(el, 0, t)
		if err != nil {
			return nil, nil, err
		}
		return nestLoops(fwd, p), nestLoops(bwd, q), nil
	}
	for _, path := range decl.AllocPaths(t) {
		// (Through array components, in loops over their elements:
		// decl/derived_elems.go.)
		var q []ast.Stmt
		p := decl.ForPath(ref, ref, path, false, g.newIndex, func(x, _ ast.Expr, c *sema.Symbol) []ast.Stmt {
			var p []ast.Stmt
			p, q, err = g.saveAlloc(x, c, g.tbr == nil || decl.LayeredType(c.Type), tape.Push, false)
			return p
		})
		if err != nil {
			return nil, nil, err
		}
		if decl.ElemPath(path) {
			q = decl.ForPath(ref, ref, path, true, g.newIndex, func(x, _ ast.Expr, c *sema.Symbol) []ast.Stmt {
				_, q, err = g.saveAlloc(x, c, g.tbr == nil || decl.LayeredType(c.Type), tape.Push, false)
				return q
			})
		}
		push, pop = append(push, p...), append(q, pop...)
	}
	return push, pop, nil
}
