package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
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
// ends the routine), from the step or a loop nested in it.
func stepExit(j *jump, s *ast.DoConstruct) bool {
	return j.fall && len(j.exits) > 0 && j.exits[len(j.exits)-1] == s
}

// nestedExit reports whether a jump leaves loop s from a loop nested in
// its step, or goes further than the statement after s (farJumps).
func (g *gen) nestedExit(s *ast.DoConstruct) bool {
	for _, j := range g.jumps.byLoop[s] {
		if len(j.exits) > 1 || !stepExit(j, s) {
			return true
		}
	}
	return false
}

// exits sets the advance and record forms of the steps of a loop that an
// EXIT (or GO TO, or RETURN) leaves.
func (c *bnCode) exits() error {
	c.exit = true
	advance := advanced(c.s)
	nested := c.g.nestedExit(c.s)
	if nested {
		var err error
		if advance, err = c.wrapped(advance); err != nil {
			return err
		}
	} else {
		exitAdvanced(advance)
	}
	c.slots["advance"], c.slots["record"] = advance, c.g.exitRecorded(c.slots["record"], nested)
	c.far = c.g.farJumps(c.s)
	return nil
}

// isStepExit reports whether st is a jump leaving a step of loop s (a
// GO TO or RETURN checkRegion accepts there).
func (g *gen) isStepExit(st ast.Stmt, s *ast.DoConstruct) bool {
	j := g.jumps.byStmt[st]
	return j != nil && leavesLoop(j, s)
}

// hasStepExit reports whether a jump leaves a step of loop s.
func (g *gen) hasStepExit(s *ast.DoConstruct) bool {
	return len(g.jumps.byLoop[s]) > 0
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
// nested in it), or afterLoop after a loop nested in it that such a jump
// left, a GO TO to a CONTINUE ending the step. With nested jumps the
// variable fadj_jump, which says afterLoop where they go, is zeroed
// there, as afterLoop does after the last loop a jump leaves.
func (g *gen) exitRecorded(f []ast.Stmt, nested bool) []ast.Stmt {
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
	out = append(out, end)
	if nested {
		out = append(out, &ast.AssignStmt{Lhs: ast.NewIdent("fadj_jump"), Rhs: &ast.BasicLit{Kind: token.INT, Value: "0"}})
	}
	return out
}

// wrapped returns the advance form of a loop that a jump leaves from a
// loop nested in a step: the step's body in a DO construct of one trip,
// named, whose leaving jumps set a flag and EXIT it, and an EXIT of the
// loop running the steps when the flag is set. copyOf gives each copy
// of the form its own construct name.
func (c *bnCode) wrapped(body []ast.Stmt) ([]ast.Stmt, error) {
	flag, err := c.g.local(c.name("x"), intType)
	if err != nil {
		return nil, err
	}
	one, err := c.g.local(c.name("w"), intType)
	if err != nil {
		return nil, err
	}
	name := c.name("step")
	c.initNames()
	c.names[name] = true
	byPos := c.g.leavingJumps(c.s)
	set := func(st ast.Stmt) []ast.Stmt {
		out := []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(flag.Name), Rhs: &ast.BasicLit{Kind: token.INT, Value: "1"}},
			&ast.ExitStmt{Construct: ast.NewIdent(name)}}
		if j := byPos[st.Pos()]; !stepExit(j, c.s) {
			// It goes further: the code after the loop takes it on.
			out = append([]ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent("fadj_jump"), Rhs: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(j.id)}}}, out...)
		}
		return out
	}
	leaves := func(st ast.Stmt) bool { return byPos[st.Pos()] != nil }
	lit := func(v string) ast.Expr { return &ast.BasicLit{Kind: token.INT, Value: v} }
	wrap := &ast.DoConstruct{Name: ast.NewIdent(name), Var: ast.NewIdent(one.Name), Start: lit("1"), Stop: lit("1"),
		Body: leaveFlagged(body, leaves, set), End: ast.EndStmt{Keyword: "do", Name: ast.NewIdent(name)}}
	then := &ast.IfStmt{Cond: eq(ast.NewIdent(flag.Name), lit("1")), Action: &ast.ExitStmt{}}
	return []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(flag.Name), Rhs: lit("0")}, wrap, then}, nil
}

// leaveFlagged returns list with each jump leaving the checkpointed loop
// (leaves: an EXIT or CYCLE, a GO TO or a RETURN, found by its position,
// list being a clone) replaced by the statements set returns for it.
func leaveFlagged(list []ast.Stmt, leaves func(ast.Stmt) bool, set func(ast.Stmt) []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		if ifs, ok := st.(*ast.IfStmt); ok && leaves(ifs.Action) {
			c := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: ifs.Cond, Body: set(ifs.Action)}}, End: ast.EndStmt{Keyword: "if"}}
			c.StmtHeader = ifs.StmtHeader
			out = append(out, c)
			continue
		}
		if leaves(st) {
			out = append(out, set(st)...)
			continue
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = leaveFlagged(st.Body, leaves, set)
		case *ast.IfConstruct:
			for _, b := range st.Branches {
				b.Body = leaveFlagged(b.Body, leaves, set)
			}
		case *ast.SelectCase:
			for _, cb := range st.Cases {
				cb.Body = leaveFlagged(cb.Body, leaves, set)
			}
		case *ast.BlockConstruct:
			st.Body = leaveFlagged(st.Body, leaves, set)
		case *ast.AssociateConstruct:
			st.Body = leaveFlagged(st.Body, leaves, set)
		}
		out = append(out, st)
	}
	return out
}

// leavesLoop reports whether jump j leaves loop s.
func leavesLoop(j *jump, s *ast.DoConstruct) bool {
	for _, l := range j.exits {
		if l == s {
			return true
		}
	}
	return false
}

// leavingJumps returns the jumps leaving a step of loop s by the
// position of their statements (the forms of the step are clones).
func (g *gen) leavingJumps(s *ast.DoConstruct) map[source.Pos]*jump {
	out := map[source.Pos]*jump{}
	for st, j := range g.jumps.byStmt {
		if leavesLoop(j, s) {
			out[st.Pos()] = j
		}
	}
	return out
}

// farJumps reports whether a jump leaves a step of loop s for elsewhere
// than the statement after s: a RETURN the routine goes on after, a GO TO
// further down, an EXIT or CYCLE of a loop around s.
func (g *gen) farJumps(s *ast.DoConstruct) bool {
	for _, j := range g.jumps.byLoop[s] {
		if !stepExit(j, s) {
			return true
		}
	}
	return false
}
