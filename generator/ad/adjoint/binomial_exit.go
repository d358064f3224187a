package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
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

// nestedExit reports whether a jump stepExit takes leaves loop s from a
// loop nested in its step.
func (g *gen) nestedExit(s *ast.DoConstruct) bool {
	for _, j := range g.jumps.byLoop[s] {
		if stepExit(j, s) && len(j.exits) > 1 {
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
	return nil
}

// checkExits rejects the jumps leaving a step of checkpointed loop s that
// stepExit does not take: a RETURN or a GO TO elsewhere than right after
// the loop, or a jump leaving loops around it too. The first in the
// source is reported.
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
	set := func() []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(flag.Name), Rhs: &ast.BasicLit{Kind: token.INT, Value: "1"}},
			&ast.ExitStmt{Construct: ast.NewIdent(name)}}
	}
	lit := func(v string) ast.Expr { return &ast.BasicLit{Kind: token.INT, Value: v} }
	wrap := &ast.DoConstruct{Name: ast.NewIdent(name), Var: ast.NewIdent(one.Name), Start: lit("1"), Stop: lit("1"),
		Body: leaveFlagged(body, c.s, false, set), End: ast.EndStmt{Keyword: "do", Name: ast.NewIdent(name)}}
	then := &ast.IfStmt{Cond: eq(ast.NewIdent(flag.Name), lit("1")), Action: &ast.ExitStmt{}}
	return []ast.Stmt{&ast.AssignStmt{Lhs: ast.NewIdent(flag.Name), Rhs: lit("0")}, wrap, then}, nil
}

// leaveFlagged returns list with each jump leaving loop s replaced by
// the statements set returns: an EXIT of s, named or (outside loops
// nested in the step, nested false) not, a GO TO or a RETURN (the only
// ones checkRegion leaves in a step leave it).
func leaveFlagged(list []ast.Stmt, s *ast.DoConstruct, nested bool, set func() []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		if ifs, ok := st.(*ast.IfStmt); ok && leavesStep(ifs.Action, s, nested) {
			c := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: ifs.Cond, Body: set()}}, End: ast.EndStmt{Keyword: "if"}}
			c.StmtHeader = ifs.StmtHeader
			out = append(out, c)
			continue
		}
		if leavesStep(st, s, nested) {
			out = append(out, set()...)
			continue
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = leaveFlagged(st.Body, s, true, set)
		case *ast.IfConstruct:
			for _, b := range st.Branches {
				b.Body = leaveFlagged(b.Body, s, nested, set)
			}
		case *ast.SelectCase:
			for _, cb := range st.Cases {
				cb.Body = leaveFlagged(cb.Body, s, nested, set)
			}
		case *ast.BlockConstruct:
			st.Body = leaveFlagged(st.Body, s, nested, set)
		case *ast.AssociateConstruct:
			st.Body = leaveFlagged(st.Body, s, nested, set)
		}
		out = append(out, st)
	}
	return out
}

// leavesStep reports whether st leaves loop s (see leaveFlagged).
func leavesStep(st ast.Stmt, s *ast.DoConstruct, nested bool) bool {
	switch st := st.(type) {
	case *ast.ExitStmt:
		if st.Construct == nil {
			return !nested
		}
		return s.Name != nil && strings.EqualFold(st.Construct.Name, s.Name.Name)
	case *ast.GotoStmt, *ast.ReturnStmt:
		return true
	}
	return false
}
