package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// assocsFirst reports whether every association of local passive
// pointer v (=>, NULLIFY, ALLOCATE) is made before anything reads it, in
// the top-level statements of the routine and outside loops: a library
// routine choosing its parameter record (CVMix's KPP:
// `p => params_saved; if (present(user)) p => user`) then only reads it.
// The backward sweep then reads v with its last association, the one
// every statement of the forward sweep read: nothing to replay, as for a
// pointer associated once. A top-level statement that both associates
// and reads v does not qualify.
func (g *gen) assocsFirst(v *sema.Symbol) bool {
	// (Split, foo_bwd is a routine of its own: the replay associates v
	// there, split_replay.go.)
	if g.split || v.Owner != g.scope || v.IsDummy() || v.Attrs.Has(sema.AttrSave) || len(g.pa.Unit.Procs) > 0 {
		return false
	}
	if _, inLoop := g.associations(v); inLoop {
		return false
	}
	read := false
	for _, st := range g.pa.Unit.Body {
		assoc, reads := g.assocAndReads(st, v)
		if assoc && (read || reads) {
			return false
		}
		read = read || reads
	}
	return true
}

// assocAndReads reports whether statement st associates v and whether it
// references v otherwise.
func (g *gen) assocAndReads(st ast.Stmt, v *sema.Symbol) (assoc, reads bool) {
	lhs := map[ast.Node]bool{}
	ast.Inspect(st, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.PointerAssignStmt:
			if id, ok := x.Lhs.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
				assoc, lhs[id] = true, true
			} else if g.baseSym(x.Lhs) == v {
				reads = true // a component's association reads v
			}
		case *ast.AllocateStmt:
			for _, o := range x.Objects {
				if id, ok := o.(*ast.Ident); ok && g.info.ObjectOf(id) == v {
					assoc, lhs[id] = true, true
				}
			}
		case *ast.Ident:
			if !lhs[x] && g.info.ObjectOf(x) == v {
				reads = true
			}
		}
		return true
	})
	return assoc, reads
}

// splitPassiveRead rejects the association of local passive pointer v in
// the split form of a routine (foo_fwd, foo_bwd) when active statements
// read it and its associations are not replayed: foo_bwd, a routine of
// its own, would read it unassociated (a wrong gradient: dot-product
// error 1.0 on a callee pointing at its parameter record, reversed with
// calls: split).
func (g *gen) splitPassiveRead(v *sema.Symbol) error {
	if !g.split || v == nil || !v.Attrs.Has(sema.AttrPointer) || g.hasAdj(v) || v.Owner != g.scope ||
		v.IsDummy() || v.Attrs.Has(sema.AttrSave) || !g.readByActive(v) || g.passiveReplayed(v) {
		return nil
	}
	return notSupported("passive pointer '%s', which active statements read, associated in '%s' reversed in split mode: its backward routine would read it unassociated (reverse the call jointly: call_overrides: {%s: joint})", v.Name, g.pa.Proc.Name, g.pa.Proc.Name)
}
