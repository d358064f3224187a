package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module pointer sets (ptr_module.go) in the snapshots of checkpointed
// loops and regions: the double buffer of a time loop whose steps swap
// cur and nxt, checkpointed binomially.
//
// The snapshot sets are computed by name, and a step writes the targets
// through the pointers (often inside the procedures it calls), so a set
// the steps touch is saved whole (modPtrWiden): its targets' values by
// their names, and each pointer's association as its number (0 for
// none, k when associated(p, t_k)) in an association save of its own
// (snap_assoc.go), whose restore associates p and p_b again. The steps
// may not ALLOCATE or DEALLOCATE a member (a restore would leave the
// numbers naming freed memory): rejected (modPtrSnapshot).

// modPtrWiden adds every variable of the module pointer sets that the
// steps body touch, by name or through a call, to what they use and
// define.
func (g *gen) modPtrWiden(body []ast.Stmt, sets *snapshot.Sets) {
	msets, _ := g.modPtrSets()
	for _, set := range msets {
		touched := false
		for m := range set.members {
			touched = touched || sets.OutC[m] || sets.UseC[m]
		}
		walkStmts(body, func(st ast.Stmt) {
			if c, ok := st.(*ast.CallStmt); ok {
				for _, r := range g.modPtrReached(c) {
					touched = touched || r == set
				}
			}
		})
		if !touched {
			continue
		}
		for m := range set.members {
			sets.OutC[m], sets.UseC[m] = true, true
		}
	}
}

// modPtrSnapOp returns the save of the association of module pointer p
// of set: its number in a local of its own.
func (g *gen) modPtrSnapOp(p *sema.Symbol, set *modPtrSet) (snapOp, error) {
	n, find, err := g.modPtrNumberIn("fadj_mp_"+p.Name, p, set)
	if err != nil {
		return snapOp{}, err
	}
	save := &assocSave{find: find, sel: g.modPtrAssoc(p, set, ast.NewIdent(n.Name), true)}
	return snapOp{Op: tape.Op{Type: tape.I4, Ref: ast.NewIdent(n.Name)}, assoc: save}, nil
}

// modPtrSnapStmts rejects, at its place, an ALLOCATE or DEALLOCATE of a
// member of a set in the steps body of checkpoint what.
func (g *gen) modPtrSnapStmts(body []ast.Stmt, sets []*modPtrSet, what string) error {
	var bad ast.Stmt
	walkStmts(body, func(st ast.Stmt) {
		if a, ok := st.(*ast.AllocateStmt); ok && a.Keyword != "nullify" {
			for _, set := range sets {
				if g.allocatesSet(a, set) {
					bad = st
				}
			}
		}
	})
	if bad != nil {
		return diag.At(g.fset, bad.Pos(), notSupported("ALLOCATE or DEALLOCATE of a variable an active module pointer may alias in the steps of %s", what))
	}
	return nil
}
