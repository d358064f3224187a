package adjoint

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// EXIT leaving a step of a checkpointed loop.
//
// A counted DO with an EXIT (or a GO TO to the statement right after
// it) has a trip count known only when it exits, as a DO WHILE's, and a
// DO without loop control has none: both are reversed as a DO WHILE is
// (binomial_online.go, and the each-iteration form in binomial.go).
// The forward sweep runs the loop once, plainly, its EXITs leaving it as
// in the source, and counts the steps started: the step that exits is
// the last one, run only up to its EXIT. The steps are then replayed
// from snapshots; none before the last exits (each ran whole the first
// time), and the last exits again at the same place:
//
//   - in the advance form, an EXIT of the loop (or a GO TO leaving it)
//     is an EXIT of the loop running the steps, which the schedule never
//     asks to run the last step;
//   - in the record form, the EXIT is a GO TO to a CONTINUE ending the
//     recorded step, after the jump's marker (jumps.go), so that the
//     reverse form, the step's backward sweep, pops the marker and
//     reverses the step from where it left it.
//
// A counted DO's variable is set before each replayed step from the
// step's number, and keeps the value the forward sweep left after the
// loop (the step that exited, or the value after the last step).

// stepExit reports whether jump j is one this file reverses: an EXIT of
// loop s, or a GO TO to the statement right after it (a RETURN, when s
// ends the routine), from the step itself (not from a loop nested in it).
func stepExit(j *jump, s *ast.DoConstruct) bool {
	return j.fall && len(j.exits) == 1 && j.exits[0] == s
}

// checkExits rejects the jumps leaving a step of checkpointed loop s that
// stepExit does not take: a RETURN, a GO TO elsewhere, or an EXIT from a
// loop nested in the step. The first in the source is reported.
func (g *gen) checkExits(s *ast.DoConstruct, name string) error {
	var bad ast.Stmt
	for st, j := range g.jumps.byStmt {
		if stepExit(j, s) || (bad != nil && bad.Pos() < st.Pos()) {
			continue
		}
		for _, l := range j.exits {
			if l == s {
				bad = st
			}
		}
	}
	if bad == nil {
		return nil
	}
	if _, ok := bad.(*ast.ReturnStmt); !ok && g.jumps.byStmt[bad].exits[0] != s {
		return diag.At(g.fset, bad.Pos(), notSupported("%s leaving a step of checkpointed loop %s from a loop inside it", ast.StmtName(bad), name))
	}
	return diag.At(g.fset, bad.Pos(), notSupported("%s leaving a step of checkpointed loop %s other than to the statement after it", ast.StmtName(bad), name))
}

// isStepExit reports whether st is a GO TO or RETURN that stepExit takes
// for s.
func (g *gen) isStepExit(st ast.Stmt, s *ast.DoConstruct) bool {
	j := g.jumps.byStmt[st]
	return j != nil && stepExit(j, s)
}

// hasStepExit reports whether loop s has a jump stepExit takes.
func (g *gen) hasStepExit(s *ast.DoConstruct) bool {
	for _, j := range g.jumps.byLoop[s] {
		if stepExit(j, s) {
			return true
		}
	}
	return false
}

// exitAdvanced rewrites list, a clone of the step's body (the advance
// form), so that each EXIT of the checkpointed loop, named or not, and
// each GO TO or RETURN leaving it (the only ones checkRegion leaves in a
// step: to the statement after the loop, or to the routine's end when
// the loop ends the routine) is an unnamed EXIT of the loop running the steps. Loops nested in the
// step keep theirs.
func exitAdvanced(list []ast.Stmt) {
	for i, st := range list {
		if ifs, ok := st.(*ast.IfStmt); ok {
			if leaving(ifs.Action) {
				ifs.Action = &ast.ExitStmt{}
			}
			continue
		}
		if leaving(st) {
			e := &ast.ExitStmt{}
			e.StmtHeader = *st.Header()
			list[i] = e
			continue
		}
		if _, inner := st.(*ast.DoConstruct); !inner {
			for _, l := range innerLists(st) {
				exitAdvanced(l)
			}
		}
	}
}

// leaving reports whether st, outside any loop nested in the step, is an
// EXIT, a GO TO or a RETURN: it leaves the step's loop (to the statement
// after it; a RETURN does when the loop ends the routine).
func leaving(st ast.Stmt) bool {
	switch st.(type) {
	case *ast.ExitStmt, *ast.GotoStmt, *ast.ReturnStmt:
		return true
	}
	return false
}

// exitRecorded returns the record form f (the step's forward sweep) with
// each EXIT jumpStmt wrote for a jump leaving the step (outside loops
// nested in it) a GO TO to a CONTINUE ending the step.
func (g *gen) exitRecorded(f []ast.Stmt) []ast.Stmt {
	label := g.jumps.freshLabel()
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for i, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok {
				if _, ok := ifs.Action.(*ast.ExitStmt); ok {
					ifs.Action = gotoStmt(label)
				}
				continue
			}
			if _, ok := st.(*ast.ExitStmt); ok {
				gt := gotoStmt(label)
				*gt.Header() = *st.Header()
				list[i] = gt
				continue
			}
			if _, inner := st.(*ast.DoConstruct); !inner {
				for _, l := range innerLists(st) {
					walk(l)
				}
			}
		}
	}
	out := make([]ast.Stmt, len(f))
	for i, st := range f {
		out[i] = ast.Clone(st)
	}
	walk(out)
	end := &ast.ContinueStmt{}
	end.Label = label
	return append(out, end)
}
