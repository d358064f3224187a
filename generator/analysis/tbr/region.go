package tbr

import (
	"github.com/fadj-dev/fadj/generator/analysis/snapshot"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Checkpointed loops and regions with eager or auto snapshots.
//
// A checkpointed loop (each step a checkpoint C) or region (one
// checkpoint) runs its adjoint after the code after it, D. What its
// adjoint reads and does not define, Opt3 = out(D̄) ∩ (use(C̄) ∪ Req) \
// out(C) in the equations of Dauvergne and Hascoët (package snapshot),
// must be there again when it runs: D̄ restores it if the TBR set after
// the region holds it (Req_D, lazy), or the region saves it itself
// (Opt3+, eager and auto). A region saves its Opt3+ once, whole, on the
// snapshot stack at the end of its forward sweep (the values are those
// at its start: the region does not define them) and restores it at the
// start of its backward sweep (generator/ad/adjoint/region.go), so
// the set after it drops Opt3+ and D records none of it. Eager takes
// Opt3 \ Req (eq. 7); auto the variables whose copy is smaller than what
// D would record of them. Lazy leaves the set as the loop's analysis
// gives it.
//
// use(C̄) here is every variable the body names or its calls read: it
// differs from the adjoint's (what a step reads before defining it) only
// within out(C), which Opt3 leaves out. Eager's Sbk (Opt1+, Opt2+) has
// no counterpart: the body's own tape restores what the code before the
// region needs (docs/checkpointing.md).

// Region returns the decision for checkpointed loop or BLOCK s with
// eager or auto snapshots, nil for lazy ones and other statements.
func (p *ProcTBR) Region(s ast.Stmt) *snapshot.Decision {
	if p == nil {
		return nil
	}
	return p.regions[s]
}

// regionOption returns the snapshots option of s, a checkpointed loop or
// region, and whether s is one whose set after it this file changes.
func (a *analyzer) regionOption(s ast.Stmt) (plan.Snapshots, bool) {
	var r *plan.Region
	switch s := s.(type) {
	case *ast.DoConstruct:
		r = a.cfg.Plan.Region(s)
	case *ast.BlockConstruct:
		r = a.cfg.Plan.Block(s)
	}
	if r == nil || r.Option == plan.Lazy || a.noKill || a.cfg.StoreAll || a.body == nil {
		return plan.Lazy, false
	}
	return r.Option, true
}

// region returns the set after checkpointed loop or region s given the
// set before it (in) and the one its statements give (out).
func (a *analyzer) region(s ast.Stmt, body []ast.Stmt, in, out set) set {
	opt, ok := a.regionOption(s)
	if !ok {
		return out
	}
	sets := snapshot.Sets{Req: snapshot.Set{}, OutC: snapshot.Set{}, UseC: snapshot.Set{}, OutD: snapshot.Set{}}
	for v := range in {
		sets.Req[v] = true
	}
	var dv *sema.Symbol
	if do, isDo := s.(*ast.DoConstruct); isDo && do.Var != nil {
		dv = a.varSym(do.Var)
	}
	for v := range a.modref.Defines(body, a.scope) {
		if v != dv {
			sets.OutC[v] = true
		}
	}
	for v := range a.named(body) {
		if v != dv {
			sets.UseC[v] = true
		}
	}
	after := a.body.After(s)
	sets.OutD = snapshot.Set(a.modref.Defines(after, a.scope))
	cost := snapshot.Cost{Size: a.bytes, Recorded: func(v *sema.Symbol) int64 { return a.recorded(v, after) }}
	dec := snapshot.Solve(sets, opt, cost)
	// A region in a loop is visited more than once, with a larger set
	// before it each time: the last visit decides (as for calls).
	a.pt.regions[s] = &dec
	res := out.copy()
	for v := range dec.Opt3Plus {
		delete(res, v)
	}
	return res
}

// named returns the variables statements list names, and those its
// calls may read.
func (a *analyzer) named(list []ast.Stmt) set {
	out := set{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := a.varSym(n); v != nil {
				out[v] = true
			}
		case *ast.CallStmt:
			for v := range a.modref.Call(n, a.scope).Uses {
				out[v] = true
			}
		}
		return true
	})
	return out
}
