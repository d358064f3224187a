package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The snapshots of a checkpointed loop.
//
// Each step (iteration) of a checkpointed loop is a checkpoint C in the
// sense of Dauvergne and Hascoët, run again from a snapshot before its
// adjoint: plainly (advanced) to reach a later step, or recorded and
// reversed. Its sets for package snapshot are:
//
//	Req   the TBR set before the loop: what the adjoint of the code
//	      before it needs (with store-all: all the body defines)
//	out(C) what the body may define, but the DO variable, which the
//	      generated code sets before each step
//	use(C̄) what the body may read: a step is run again plainly, not
//	      only its adjoint, so every variable it reads counts
//	out(D̄) what the code after the loop may define
//
// Snp = out(C) ∩ (use(C̄) ∪ Req) is what each snapshot
// holds (no Sbk: the first step's own tape restores Req's values, the
// plain TBR inside the body recording them as it does without
// checkpoints). Opt3 = out(D̄) ∩ (use(C̄) ∪ Req) \ out(C) is left to D̄'s
// TBR where it is required (Req_D); the rest of it, values the body only
// reads and the code after the loop overwrites without recording, is
// held once on the snapshot stack from the end of the loop's forward
// sweep to the start of its backward sweep. With eager or auto snapshots
// the TBR analysis also leaves Opt3+ out of the set after the loop (its
// Region decision), which is then held too: the code after the loop
// records none of it.

// regionSets returns the snapshot sets of the steps of loop s, or of
// region s (a BLOCK construct) as a whole: body is s's, dv the loop's DO
// variable (nil for a DO WHILE or a region).
func (g *gen) regionSets(s ast.Stmt, body []ast.Stmt, dv *sema.Symbol) (snapshot.Sets, snapshot.Decision) {
	mr := g.modref()
	sets := snapshot.Sets{Req: snapshot.Set{}, OutC: snapshot.Set{}, Kept: snapshot.Set{}, UseC: snapshot.Set{}, OutD: snapshot.Set{}}
	for v := range mr.Defines(body, g.scope) {
		if v != dv && !inDummy(v) {
			sets.OutC[v] = true
		}
	}
	for v := range g.exposedUses(body) {
		if v != dv {
			sets.UseC[v] = true
		}
	}
	for v := range mr.FunctionGlobalUses(body, g.scope) {
		sets.UseC[v] = true // what functions the step references read
	}
	if g.tbr != nil {
		for _, v := range g.tbr.Required(s, false) {
			sets.Req[v.Sym] = true
		}
	} else {
		for v := range sets.OutC {
			sets.Req[v] = true
		}
	}
	if g.pa.Unit != nil {
		for v := range mr.Defines(modref.After(g.pa.Unit.Body, s), g.scope) {
			sets.OutD[v] = true
		}
	}
	if g.split {
		// foo_bwd is a new activation, run after the caller's code
		// that follows the call: the locals the body reads are gone
		// and the globals may have changed, so out(D̄) holds all it
		// reads but the INTENT(IN) dummies, which the caller keeps.
		for v := range sets.UseC {
			if !(v.IsDummy() && (v.Intent == ast.IntentIn || !decl.MayDefine(g.info, g.pa.Unit, v) || g.neverDefined(v))) {
				sets.OutD[v] = true // (a dummy the routine never defines: the caller keeps it, and may have passed a constant)
			}
		}
	}
	g.aliasSets(body, &sets) // snap_alias.go
	return sets, snapshot.Solve(sets, plan.Lazy, snapshot.Cost{})
}

// bodyUses returns the variables statements list may read: those it
// names, and those its calls' callees may read on entry.
func (g *gen) bodyUses(list []ast.Stmt) modref.Set {
	out := modref.Set{}
	mr := g.modref()
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := g.info.ObjectOf(n); v != nil && v.Kind == sema.VarSym {
				out[v] = true
			}
		case *ast.CallStmt:
			for v := range mr.Call(n, g.scope).Uses {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// exposedUses returns the variables list may read before it defines
// them whole (exposedKilled, snap_exposed.go). Temporaries a step
// assigns before reading are then in no snapshot.
func (g *gen) exposedUses(list []ast.Stmt) modref.Set {
	out, _ := g.exposedKilled(list)
	return out
}

// exprUses returns the variables expression x names.
func (g *gen) exprUses(x ast.Expr) modref.Set {
	out := modref.Set{}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v := g.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// regionSaves returns the snapshot of one step (Snp) and what is held
// across the code after the loop (Opt3 \ Req).
func (g *gen) regionSaves(s ast.Stmt, body []ast.Stmt, dv *sema.Symbol, what string, dead snapshot.Set) (snp, held []snapOp, err error) {
	if err := g.modPtrSnapshot(nil, body, what); err != nil {
		return nil, nil, err // ptr_module.go
	}
	sets, dec := g.regionSets(s, body, dv)
	ops := func(vs snapshot.Set) ([]snapOp, error) {
		var out []snapOp
		for _, v := range vs.Sorted() {
			if g.coveredPointer(v, body, vs) {
				continue // its targets are in the set (snap_alias.go)
			}
			ops, err := g.snapOps(v, body, what) // snap_ops.go
			if err != nil {
				return nil, err
			}
			out = append(out, ops...)
		}
		return out, nil
	}
	saved := snapshot.Set{}
	for v := range dec.Snp {
		if !dead[v] {
			saved[v] = true // (the steps run again leave dead out: rerun_slice.go)
		}
	}
	if snp, err = ops(saved); err != nil {
		return nil, nil, err
	}
	h := snapshot.Set{}
	for v := range dec.Opt3 {
		if !sets.Req[v] {
			h[v] = true
		}
	}
	if d := g.tbr.Region(s); d != nil {
		// Eager or auto: also what the TBR set after the region left
		// out, so that the code after it does not record it
		// (generator/analysis/tbr/region.go).
		h.Union(d.Opt3Plus)
	}
	for _, l := range g.loops {
		// The DO variable of a loop around: its backward loop sets it
		// again, and popping it inside that loop would not compile.
		if l.Var != nil {
			delete(h, g.info.ObjectOf(l.Var))
		}
	}
	held, err = ops(h)
	return snp, append(held, assocSyncOps(snp)...), err // snap_assoc.go
}
