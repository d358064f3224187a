package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// Jumps leaving a checkpointed region.
//
// A RETURN, a GO TO further down, or an EXIT or CYCLE of a loop around
// it leaves a checkpointed BLOCK (or marked) region part way, as one
// leaves a step of a checkpointed loop (binomial_far.go). The plain
// adjoint's bookkeeping of the jump (jumps.go) is split at the region's
// edge:
//
//   - the advance form (the region's statements, run plainly) sets
//     fadj_jump to the jump's number and goes to a CONTINUE ending the
//     form; after it the forward sweep pushes what is held across the
//     code after the region and then, for the jump taken, does what the
//     plain forward sweep does once the jump reaches the region's edge:
//     it pushes the jump's marker for the landing point outside and
//     leaves the loop around (EXIT) or goes to the landing point;
//   - the record form (the region's forward sweep) is the plain one with
//     each jump's way out of the region a GO TO to a CONTINUE ending
//     the form; it pushes the markers of the landing points inside the
//     region, and the one for the landing point outside, which the
//     partial sweep drops;
//   - the partial backward sweep of the region for the jump (g.part), run
//     where the jump landed once its marker is popped, restores the
//     snapshot, runs the record form (which takes the jump again at the
//     same place), drops the marker and zeroes fadj_jump, and runs the
//     region's partial backward sweep for the jump.

// regionJumps sets the advance and record forms of region s (code c)
// for the jumps ids leaving it, and their partial sweeps. part holds
// the region's statements' partial sweeps for them.
func (g *gen) regionJumps(s *ast.BlockConstruct, c *bnCode, ids []int, part map[int][]ast.Stmt) error {
	flag, err := g.local("fadj_jump", intType)
	if err != nil {
		return err
	}
	br, err := g.local("fadj_branch", intType)
	if err != nil {
		return err
	}
	byPos, byID := map[source.Pos]*jump{}, map[int]*jump{}
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for st, j := range g.jumps.byStmt {
		if want[j.id] {
			byPos[st.Pos()], byID[j.id] = j, j
		}
	}
	label := g.jumps.freshLabel()
	set := func(st ast.Stmt) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: flag, Rhs: deriv.Int(byPos[st.Pos()].id)}, gotoStmt(label)}
	}
	leaves := func(st ast.Stmt) bool { return byPos[st.Pos()] != nil }
	adv := leaveFlagged(c.slots["advance"], leaves, set)
	end := &ast.ContinueStmt{}
	end.Label = label
	adv = append(append(adv, end), c.slots["heldpush"]...)
	inner := loopsIn(s.Body)
	for _, id := range ids {
		adv = append(adv, g.regionOut(byID[id], flag, inner))
	}
	c.slots["advance"] = adv
	c.slots["heldpush"] = nil
	c.slots["record"] = g.regionRecorded(c.slots["record"])
	for _, id := range ids {
		slot := "jump" + strconv.Itoa(id)
		c.slots[slot] = append([]ast.Stmt{popChoice(br, g.jumps.markers()),
			&ast.AssignStmt{Lhs: flag, Rhs: deriv.Int(0)}}, unlabelled(part[id])...)
		g.part[id] = c.stmts("call fadj_slot_heldpop\ncall fadj_slot_snappop\ncall fadj_slot_record\ncall fadj_slot_" + slot)
	}
	return nil
}

// regionOut is the forward code taking jump j on from the edge of a
// checkpointed region when flag says it was taken: what the plain
// forward sweep does there (inner: the loops inside the region).
func (g *gen) regionOut(j *jump, flag ast.Expr, inner map[*ast.DoConstruct]bool) ast.Stmt {
	var outer []*ast.DoConstruct
	for _, l := range j.exits {
		if !inner[l] {
			outer = append(outer, l)
		}
	}
	var body []ast.Stmt
	if !(len(outer) >= 2 || len(outer) == 1 && !j.fall) {
		// No code after a loop reads it.
		body = append(body, &ast.AssignStmt{Lhs: flag, Rhs: deriv.Int(0)})
	}
	body = append(body, pushBranch(j.id, g.jumps.markers()))
	if len(outer) > 0 {
		body = append(body, &ast.ExitStmt{})
	} else {
		body = append(body, gotoStmt(j.target.label))
	}
	return &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: eq(flag, deriv.Int(j.id)), Body: body}},
		End: ast.EndStmt{Keyword: "if"}}
}

// loopsIn returns the DO constructs of list, nested ones included.
func loopsIn(list []ast.Stmt) map[*ast.DoConstruct]bool {
	out := map[*ast.DoConstruct]bool{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if d, ok := n.(*ast.DoConstruct); ok {
			out[d] = true
		}
		return true
	})
	return out
}

// regionRecorded returns the record form f of a region with each way out
// of it (a GO TO to a label f does not define, an EXIT outside f's
// loops) a GO TO to a CONTINUE ending the form.
func (g *gen) regionRecorded(f []ast.Stmt) []ast.Stmt {
	defined := map[int]bool{}
	ast.Inspect(&ast.Unit{Body: f}, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 {
			defined[st.Header().Label] = true
		}
		return true
	})
	label := g.jumps.freshLabel()
	out := func(st ast.Stmt, inLoop bool) bool {
		switch st := st.(type) {
		case *ast.GotoStmt:
			return st.Target != nil && !defined[st.Target.Label]
		case *ast.ExitStmt:
			return !inLoop
		}
		return false
	}
	var walk func(list []ast.Stmt, inLoop bool)
	walk = func(list []ast.Stmt, inLoop bool) {
		for i, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok {
				if out(ifs.Action, inLoop) {
					ifs.Action = gotoStmt(label)
				}
				continue
			}
			if out(st, inLoop) {
				gt := gotoStmt(label)
				*gt.Header() = *st.Header()
				list[i] = gt
				continue
			}
			_, isDo := st.(*ast.DoConstruct)
			for _, l := range innerLists(st) {
				walk(l, inLoop || isDo)
			}
		}
	}
	rec := make([]ast.Stmt, len(f))
	for i, st := range f {
		rec[i] = ast.Clone(st)
	}
	walk(rec, false)
	end := &ast.ContinueStmt{}
	end.Label = label
	return append(rec, end)
}

// leavingRegion returns those of ids (the jumps whose partial sweeps
// the region's statements body left set) that land outside the region:
// through a loop around it, or at a landing point of a list outside it.
// An EXIT of a loop inside the region keeps its partial sweep set
// (leave) though it lands inside.
func (g *gen) leavingRegion(body []ast.Stmt, ids []int) []int {
	inside := map[ast.Stmt]bool{}
	walkStmts(body, func(st ast.Stmt) { inside[st] = true })
	inner := loopsIn(body)
	byID := map[int]*jump{}
	for st, j := range g.jumps.byStmt {
		if inside[st] {
			byID[j.id] = j
		}
	}
	var out []int
	for _, id := range ids {
		j := byID[id]
		if j == nil {
			continue
		}
		if g.landsOutside(j, inner, inside) {
			out = append(out, id)
		}
	}
	return out
}

// landsOutside reports whether jump j, inside a region whose loops are
// inner and whose statements are inside, lands outside it.
func (g *gen) landsOutside(j *jump, inner map[*ast.DoConstruct]bool, inside map[ast.Stmt]bool) bool {
	for _, l := range j.exits {
		if !inner[l] {
			return true
		}
	}
	if j.fall || j.target == nil {
		return false
	}
	for key, regs := range g.jumps.regions {
		for _, r := range regs {
			if r == j.target {
				return !inside[key]
			}
		}
	}
	return true
}
