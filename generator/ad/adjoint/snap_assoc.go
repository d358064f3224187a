package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointers the steps of a checkpointed loop or region associate anew
// (the double buffer of time loops: cur => a; nxt => b, exchanged each
// step).
//
// When every association of local pointer p in the routine is with
// null() or a TARGET of the routine with fixed subscripts (the replay
// plan of pointer_replay.go, which numbers p's pointer statements), a
// snapshot holds p's association as the number of a statement that
// made it: found by associated(p, t) over the statements' targets (the
// plain advance form of a step does not keep the number), pushed on the
// i4 snapshot stack, and restored by associating p and p_b as that
// statement does. The values are their targets': pointer association
// puts the targets in the snapshot under their own names
// (snap_alias.go). The record of a step starts by finding the number
// and associating p_b with p's target's adjoint (sync), as the steps
// advanced plainly before it move p only; so does the end of the
// forward sweep of the loop or region (with what it holds across the
// code after it), for that code's adjoint.

// assocSave is the save of the association of a pointer.
type assocSave struct {
	find []ast.Stmt // sets the number from the association
	sel  ast.Stmt   // associates p and p_b from the number
	fwd  ast.Stmt   // sel in the forward sweep, p_b once its target's adjoint is allocated (wrf_comp_target.go); nil: sel
}

// assocSnapOp returns the save of the association of pointer v, which
// the steps body of checkpoint what associate anew; keep is why v does
// not keep its association, returned when its association cannot be
// saved.
func (g *gen) assocSnapOp(v *sema.Symbol, body []ast.Stmt, what string, keep error) (snapOp, error) {
	if g.passedWhole(v, body) || (!g.hasAdj(v) && v.Attrs.Has(sema.AttrSave)) { // (a passive one: pointer_passive.go)
		return snapOp{}, keep
	}
	plan, err := g.replay(v)
	if err != nil || plan == nil || len(plan.capVars) > 0 || plan.remapsRank() { // (replay_capture.go, pointer_remap.go: no number finds it)
		return snapOp{}, keep
	}
	_, _, bwd, err := g.replayParts(nil, ast.NewIdent(v.Name), v, plan)
	if err != nil {
		return snapOp{}, err
	}
	pid := plan.pid.Name
	save := &assocSave{find: parseStmts(assocFind(v, plan)), sel: bwd[1], fwd: g.guardedSel(bwd[1], v, plan)}
	return snapOp{Op: tape.Op{Type: tape.I4, Ref: ast.NewIdent(pid)}, assoc: save}, nil
}

// assocFind returns the source setting the number of pointer v's
// association (plan's pid): the first statement whose target v is
// associated with, 0 when v is not associated. associated(p, t) is
// false for a zero-sized target, so an array pointer of size 0 takes
// the first zero-sized target (no values, and no association test can
// tell them apart); any other association stops the program.
func assocFind(v *sema.Symbol, plan *replayPlan) string {
	var b strings.Builder
	pid := plan.pid.Name
	fmt.Fprintf(&b, "%s = 0\n", pid)
	var targets []string
	var ids []int
	seen := map[string]bool{}
	for k, t := range plan.targets {
		if t != nil && !seen[printer.ExprString(t)] { // null(), or a target an earlier statement has
			seen[printer.ExprString(t)] = true
			targets, ids = append(targets, printer.ExprString(t)), append(ids, k+1)
		}
	}
	if len(targets) == 0 {
		return b.String()
	}
	for i, t := range targets {
		kw := "else if"
		if i == 0 {
			kw = "if"
		}
		fmt.Fprintf(&b, "%s (associated(%s, %s)) then\n%s = %d\n", kw, v.Name, t, pid, ids[i])
	}
	fmt.Fprintf(&b, "else if (associated(%s)) then\n", v.Name)
	if v.Rank() > 0 {
		for i, t := range targets {
			fmt.Fprintf(&b, "if (%s == 0 .and. size(%s) == 0 .and. size(%s) == 0) %s = %d\n", pid, v.Name, t, pid, ids[i])
		}
		fmt.Fprintf(&b, "if (%s == 0) ", pid)
	}
	fmt.Fprintf(&b, "error stop 'fadj: pointer %s is associated with none of its targets in a snapshot'\nend if\n", v.Name)
	return b.String()
}

// passedWhole reports whether a procedure call of body is passed
// pointer v whole: its dummy may be a pointer, which the callee may
// associate anew.
func (g *gen) passedWhole(v *sema.Symbol, body []ast.Stmt) bool {
	whole := func(args []ast.Expr) bool {
		for _, a := range args {
			if id, ok := argValue(a).(*ast.Ident); ok && g.info.ObjectOf(id) == v {
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallStmt:
			found = found || whole(n.Args) && g.mayReassociate(n, v)
		case *ast.CallExpr:
			if c, ok := g.info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				found = found || whole(n.Args)
			}
		}
		return !found
	})
	return found
}

// assocStmts returns the save (verb push) or restore (pop or peek) of
// op, the association of a pointer.
func (op snapOp) assocStmts(verb string) []ast.Stmt {
	c := op.lower(tape.SnapPush)
	if verb != "push" {
		c = op.lower(tape.SnapPop)
		id := c.Name.(*ast.Ident)
		id.Name = "fadj_snap_" + verb + "_" + strings.TrimPrefix(id.Name, "fadj_snap_pop_")
		return []ast.Stmt{c, ast.Clone(op.assoc.sel)}
	}
	return append(cloneStmts(op.assoc.find), c)
}

// assocSyncOps returns, for the pointers ops associate, saves that only
// sync: put with what is held across the code after a loop or region
// (pushed after its forward sweep), they set the number and the
// adjoint's association after the plain runs of its steps, which move
// the pointer only, for the adjoint of the code after it.
func assocSyncOps(ops []snapOp) []snapOp {
	var out []snapOp
	for _, op := range ops {
		if op.assoc != nil {
			op.syncOnly = true
			out = append(out, op)
		}
	}
	return out
}

// assocSyncs returns the sync of the pointers ops associate: the number
// of each one's association found, and p_b associated with the
// adjoint of p's target.
func assocSyncs(ops []snapOp) []ast.Stmt {
	var out []ast.Stmt
	for _, op := range ops {
		if op.assoc != nil {
			sel := op.assoc.fwd
			if sel == nil { // (module pointers: ptr_module_snap.go)
				sel = op.assoc.sel
			}
			out = append(append(out, cloneStmts(op.assoc.find)...), ast.Clone(sel))
		}
	}
	return out
}

func cloneStmts(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	for i, s := range list {
		out[i] = ast.Clone(s)
	}
	return out
}

// mayReassociate reports whether call s, passed pointer v whole, may
// change its association: unless each such argument's dummy is known
// and not a POINTER (call step(n, cur, nxt) with explicit-shape dummies
// reaches the targets only).
func (g *gen) mayReassociate(s *ast.CallStmt, v *sema.Symbol) bool {
	mc := g.modref().Call(s, g.scope)
	for _, a := range s.Args {
		x := argValue(a)
		if id, ok := x.(*ast.Ident); !ok || g.info.ObjectOf(id) != v {
			continue
		}
		d := argDummy(mc, x)
		if d == nil {
			d = argDummy(mc, a)
		}
		if d == nil || d.Attrs.Has(sema.AttrPointer) {
			return true
		}
	}
	return false
}
