package adjoint

import (
	"fmt"
	"sort"

	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Code the adjoint runs again must not READ from an external unit: the
// second READ would take the next records (or hit the end of the file,
// or a unit closed since), a wrong primal. Re-run are the forward sweep
// of the joint form of a version other than the target (foo_b re-runs
// foo from its snapshot before its adjoint) and the steps of a
// checkpointed loop (spec checkpoints, binomial or each iteration, and
// loops strategy recompute, which falls back to store for such a loop).
// Such a READ is rejected at its position (for a procedure without
// derivatives the re-run code calls, at the call), rather than taped:
// the values it read would come off the tape in the wrong order for a
// re-run that starts from a snapshot. An internal READ (from a character
// variable) reads the same values again, and the split form (foo_fwd,
// then foo_bwd, which does not run foo again) reads once.

const (
	reexecCall   = "running it again would read the next records (read the data before the differentiated code, or into a character variable read with an internal READ, or reverse the call in split mode)"
	reexecRegion = "running it again would read the next records (read the data before the checkpointed code, or into a character variable read with an internal READ)"
)

// checkReexecRead rejects READ s from an external unit in the forward
// sweep of a form that the adjoint runs again (reexecuted), unless the
// routine opens the unit again (reopened).
func (g *gen) checkReexecRead(s *ast.IOStmt) error {
	if !externalRead(g.info, s) || g.pa.Unit != nil && reopenedIn(g.info, g.pa.Unit.Body, s) {
		return nil
	}
	if why := g.reexecuted(); why != "" {
		return notSupported("READ from an external unit in %s: %s", why, reexecCall)
	}
	return nil
}

// checkReexecCall rejects CALL s, of a procedure without derivatives
// that READs from an external unit, in a form the adjoint runs again.
func (g *gen) checkReexecCall(s *ast.CallStmt) error {
	why := g.reexecuted()
	if why == "" {
		return nil
	}
	r := externalReadIn(g.info, []ast.Stmt{s}, map[*ast.Unit]bool{})
	if r == nil {
		return nil
	}
	return notSupported("call of '%s', which READs from an external unit at %s, in %s: %s", exprString(s.Name), g.fset.Position(r.Pos()), why, reexecCall)
}

// reexecuted says why the form being generated runs its forward code
// again ("" if it does not): the joint form of a version other than the
// target, or the split form (foo_fwd) of a version some caller calls
// from code run again.
func (g *gen) reexecuted() string {
	if !g.split {
		if g.pa == g.sh.target {
			return ""
		}
		return fmt.Sprintf("'%s', a checkpointed call the adjoint runs again (joint mode)", g.pa.Proc.Name)
	}
	if c := g.rerunCaller(g.pa, map[*activity.ProcActivity]bool{}); c != nil {
		return fmt.Sprintf("'%s', reversed in split mode but called from '%s', which the adjoint runs again", g.pa.Proc.Name, c.Proc.Name)
	}
	return ""
}

// rerunCaller returns a version whose forward code the adjoint runs again
// and that calls pa, directly or through split calls, or nil.
func (g *gen) rerunCaller(pa *activity.ProcActivity, seen map[*activity.ProcActivity]bool) *activity.ProcActivity {
	seen[pa] = true
	var callers []*activity.ProcActivity
	for c := range g.sh.forms {
		callers = append(callers, c)
	}
	sort.Slice(callers, func(i, j int) bool { return callers[i].String() < callers[j].String() })
	for _, c := range callers {
		if c.Unit == nil || !callsVersion(c, pa) {
			continue
		}
		if c != g.sh.target && g.sh.forms[c].joint {
			return c
		}
		if !seen[c] {
			if r := g.rerunCaller(c, seen); r != nil {
				return r
			}
		}
	}
	return nil
}

// callsVersion reports whether a CALL of version c's body calls version pa.
func callsVersion(c, pa *activity.ProcActivity) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: c.Unit.Body}, func(n ast.Node) bool {
		if s, ok := n.(*ast.CallStmt); ok && c.CallPattern(s) == pa {
			found = true
		}
		return !found
	})
	return found
}

// regionRead rejects a READ from an external unit in body, of
// checkpointed loop or region what, or in a procedure it calls.
func (g *gen) regionRead(body []ast.Stmt, what string) error {
	r := externalReadIn(g.info, body, map[*ast.Unit]bool{})
	if r == nil {
		return nil
	}
	return diag.At(g.fset, r.Pos(), notSupported("READ from an external unit in %s, which the adjoint runs again: %s", what, reexecRegion))
}

// externalRead reports whether s is a READ from an external unit (a
// unit number, *, or none: READ fmt, items).
func externalRead(info *sema.Info, s *ast.IOStmt) bool {
	if s.Keyword != "read" {
		return false
	}
	var u ast.Expr
	for i, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name != nil && kw.Name.Lower() == "unit" {
				u = kw.Value
			}
			continue
		}
		if i == 0 {
			u = c
		}
	}
	if u == nil {
		return true
	}
	t := info.TypeOf(u)
	return t == nil || !t.IsCharacter()
}

// externalReadIn returns the first READ from an external unit in list
// or in a procedure it calls (with a body; seen: the units walked).
func externalReadIn(info *sema.Info, list []ast.Stmt, seen map[*ast.Unit]bool) *ast.IOStmt {
	var found *ast.IOStmt
	callee := func(p *sema.Symbol) {
		if found != nil || p == nil || p.Proc == nil || p.Proc.Unit == nil || seen[p.Proc.Unit] {
			return
		}
		seen[p.Proc.Unit] = true
		found = externalReadIn(info, p.Proc.Unit.Body, seen)
	}
	ios := ioStmts(list) // in textual order, for reopened
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IOStmt:
			if externalRead(info, n) && !reopened(info, ios, n) {
				found = n
			}
		case *ast.CallStmt:
			callee(info.CallStmts[n].Proc)
		case *ast.CallExpr:
			if c, ok := info.Calls[n]; ok && c.Kind == sema.FunctionCall {
				callee(c.Proc)
			}
		}
		return found == nil
	})
	return found
}

// reopened reports whether READ r, among the I/O statements ios of the
// code run again (in textual order), reads a unit that code OPENs before
// it, with NEWUNIT= or CLOSEs after it: running it again opens the file
// again and reads the same records (a routine reading its parameters
// from a file it opens and closes).
func reopened(info *sema.Info, ios []*ast.IOStmt, r *ast.IOStmt) bool {
	key := activity.UnitKey(info, r)
	if key == "" || key == "*" {
		return false
	}
	at := -1
	for i, s := range ios {
		if s == r {
			at = i
		}
	}
	opened, newunit := false, false
	for _, s := range ios[:at+1] {
		if s.Keyword == "open" && activity.UnitKey(info, s) == key {
			opened, newunit = true, hasSpec(s, "newunit")
		}
	}
	if !opened {
		return false
	}
	if newunit {
		return true
	}
	for _, s := range ios[at+1:] {
		if s.Keyword == "close" && activity.UnitKey(info, s) == key {
			return true
		}
	}
	return false
}

// hasSpec reports whether I/O statement s has specifier name.
func hasSpec(s *ast.IOStmt, name string) bool {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil && kw.Name.Lower() == name {
			return true
		}
	}
	return false
}

// reopenedIn is reopened for READ r of list.
func reopenedIn(info *sema.Info, list []ast.Stmt, r *ast.IOStmt) bool {
	return reopened(info, ioStmts(list), r)
}

// ioStmts returns the I/O statements of list, in textual order.
func ioStmts(list []ast.Stmt) []*ast.IOStmt {
	var ios []*ast.IOStmt
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if s, ok := n.(*ast.IOStmt); ok {
			ios = append(ios, s)
		}
		return true
	})
	return ios
}
