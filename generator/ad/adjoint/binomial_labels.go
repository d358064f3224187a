package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Labels and CYCLE in the forms of a checkpointed loop or region.
//
// The reversal of an EXIT or CYCLE inside a step (of a loop inside it,
// or a CYCLE of the checkpointed loop itself) writes a GO TO to a
// labelled CONTINUE in the step's forward sweep. The record form appears
// more than once in the routine, so each copy gets labels of its own
// (relabel). In the advance form, the original body, a CYCLE of the
// checkpointed loop ends the step as it does in the loop: the advance
// loop over the steps is then the one it cycles (advanced); from a loop
// nested in the step, it is a GO TO to the step's end (binomial_cycle.go).

// gotoTargets returns the labels the GO TO statements of list jump to.
func gotoTargets(list []ast.Stmt) map[int]bool {
	out := map[int]bool{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if g, ok := n.(*ast.GotoStmt); ok && g.Target != nil {
			out[g.Target.Label] = true
		}
		return true
	})
	return out
}

// relabel gives the labelled statements of list (a copy of a form)
// fresh labels, and their GO TOs the same.
func (g *gen) relabel(list []ast.Stmt) {
	fresh := map[int]int{}
	body := &ast.Unit{Body: list}
	ast.Inspect(body, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st.Header().Label != 0 && g.jumps != nil {
			l := g.jumps.freshLabel()
			fresh[st.Header().Label] = l
			st.Header().Label = l
		}
		return true
	})
	if len(fresh) == 0 {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if gt, ok := n.(*ast.GotoStmt); ok && gt.Target != nil {
			if l, ok := fresh[gt.Target.Label]; ok {
				gt.Target = &ast.LabelRef{LabelPos: gt.Target.LabelPos, Label: l}
			}
		}
		return true
	})
}

// advanced returns the advance form of loop s: its body, unlabelled,
// with a CYCLE naming s unnamed (it cycles the advance loop).
func advanced(s *ast.DoConstruct) []ast.Stmt {
	out := unlabelled(s.Body)
	if s.Name == nil {
		return out
	}
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for _, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok {
				st = ifs.Action
			}
			if c, ok := st.(*ast.CycleStmt); ok && c.Construct != nil && strings.EqualFold(c.Construct.Name, s.Name.Name) {
				c.Construct = nil
			}
			if _, inner := st.(*ast.DoConstruct); !inner {
				for _, l := range innerLists(st) {
					walk(l)
				}
			}
		}
	}
	walk(out)
	return out
}

// innerCycle returns a CYCLE of loop s inside a DO loop nested in it,
// nil if there is none.
func innerCycle(s *ast.DoConstruct) ast.Stmt {
	var found ast.Stmt
	var walk func(list []ast.Stmt, nested bool)
	walk = func(list []ast.Stmt, nested bool) {
		for _, st := range list {
			if ifs, ok := st.(*ast.IfStmt); ok {
				st = ifs.Action
			}
			if c, ok := st.(*ast.CycleStmt); ok && nested && c.Construct != nil && s.Name != nil &&
				strings.EqualFold(c.Construct.Name, s.Name.Name) && found == nil {
				found = c
			}
			_, inner := st.(*ast.DoConstruct)
			for _, l := range innerLists(st) {
				walk(l, nested || inner)
			}
		}
	}
	walk(s.Body, false)
	return found
}
