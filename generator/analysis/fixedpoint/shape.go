package fixedpoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// shape checks section 2's single exit and returns the statements of one
// iteration and the exit ending it. The exit must lie between two
// complete iterations: at the header (DO WHILE), or an IF ... EXIT as the
// last statement of the body, which is the header's test moved down.
func (a *analyzer) shape(errs *diag.List) (body []ast.Stmt, exit ast.Stmt) {
	d := a.f.Loop.Do
	body = d.Body
	for n := len(body); n > 0; n-- { // a labelled DO's CONTINUE does nothing
		if _, ok := body[n-1].(*ast.ContinueStmt); !ok {
			break
		}
		body = body[:n-1]
	}
	if n := len(body); n > 0 && a.exitsLoop(body[n-1]) {
		body, exit = body[:n-1], body[n-1]
	}
	if d.While == nil && exit == nil {
		errs.Addf(a.pos(d.StmtHeader.Start), "fixed-point loop %s: no exit on convergence: a DO loop needs IF (...) EXIT as the last statement of its body (or write DO WHILE)", a.f.Name)
	}
	a.jumps(body, nil, errs)
	return body, exit
}

// exitsLoop reports whether s is IF (c) EXIT, or an IF construct of one
// branch holding only EXIT, that leaves the fixed-point loop.
func (a *analyzer) exitsLoop(s ast.Stmt) bool {
	var action ast.Stmt
	switch s := s.(type) {
	case *ast.IfStmt:
		action = s.Action
	case *ast.IfConstruct:
		if len(s.Branches) == 1 && s.Branches[0].Cond != nil && len(s.Branches[0].Body) == 1 {
			action = s.Branches[0].Body[0]
		}
	}
	e, ok := action.(*ast.ExitStmt)
	return ok && (e.Construct == nil || a.isLoop(e.Construct))
}

func (a *analyzer) isLoop(name *ast.Ident) bool {
	d := a.f.Loop.Do
	return d.Name != nil && strings.EqualFold(d.Name.Name, name.Name)
}

// jumps reports the statements that leave an iteration other than at its
// end: EXIT or CYCLE of the loop (or of a loop around it), GO TO, RETURN.
// inner are the names of the loops nested in the body around the
// statements, innermost last ("" for an unnamed one).
func (a *analyzer) jumps(list []ast.Stmt, inner []string, errs *diag.List) {
	leaves := func(c *ast.Ident) bool {
		if c == nil {
			return len(inner) == 0
		}
		for _, n := range inner {
			if strings.EqualFold(n, c.Name) {
				return false
			}
		}
		return true
	}
	report := func(s ast.Stmt, what string) {
		errs.Addf(a.pos(s.Header().Start), "fixed-point loop %s: %s leaves an iteration before its end; the adjoint needs a single exit at the loop header (Taftaf et al., section 2)", a.f.Name, what)
	}
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.DoConstruct:
				name := ""
				if n.Name != nil {
					name = n.Name.Name
				}
				a.jumps(n.Body, append(append([]string{}, inner...), name), errs)
				return false
			case *ast.ExitStmt:
				if leaves(n.Construct) {
					report(n, "EXIT")
				}
			case *ast.CycleStmt:
				if leaves(n.Construct) {
					report(n, "CYCLE")
				}
			case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.ArithIfStmt:
				report(n.(ast.Stmt), "GO TO")
			case *ast.ReturnStmt:
				report(n, "RETURN")
			}
			return true
		})
	}
}
