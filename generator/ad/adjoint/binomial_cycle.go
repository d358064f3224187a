package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// CYCLE of a checkpointed loop from a loop nested in its step.
//
// A CYCLE of the checkpointed loop ends the step: it is a jump to the
// step's end. The record and reverse forms are the plain adjoint's
// (jumps.go lands it on a labelled CONTINUE ending the step's forward
// sweep). In the advance form, the step runs inside the schedule's loop
// over the steps, which has no name the CYCLE could give: a CYCLE of
// the checkpointed loop inside a loop nested in the step is a GO TO to a
// CONTINUE ending the form instead (branching out of the nested loops is
// allowed), and copyOf gives each copy of the form its own label.

// cycles rewrites the advance form of a loop whose step a CYCLE of it
// leaves from a loop nested in it.
func (c *bnCode) cycles() {
	if innerCycle(c.s) == nil || c.g.jumps == nil {
		return
	}
	label := c.g.jumps.freshLabel()
	name := c.s.Name.Name
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for i, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok {
				if cyclesLoop(ifs.Action, name) {
					ifs.Action = gotoStmt(label)
				}
				continue
			}
			if cyclesLoop(st, name) {
				gt := gotoStmt(label)
				*gt.Header() = *st.Header()
				list[i] = gt
				continue
			}
			for _, l := range innerLists(st) {
				walk(l)
			}
		}
	}
	advance := c.slots["advance"]
	walk(advance)
	end := &ast.ContinueStmt{}
	end.Label = label
	c.slots["advance"] = append(advance, end)
}

// cyclesLoop reports whether st is a CYCLE of the loop named name.
func cyclesLoop(st ast.Stmt, name string) bool {
	cy, ok := st.(*ast.CycleStmt)
	return ok && cy.Construct != nil && strings.EqualFold(cy.Construct.Name, name)
}
