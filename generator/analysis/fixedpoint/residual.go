package fixedpoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// record returns the statements of the recording sweep: the body without
// the dead code of the stopping criterion (section 4). A statement of
// the body is dead there when nothing after it needs what it defines:
// no other kept statement of the body reads it, it is not live after
// the loop, and only the exit test (which the recording sweep does not
// run) reads it. Statements with input/output, STOP, or procedure calls
// stay. Removing one can make others dead (a difference feeding only
// the residual's norm), so this iterates.
func (a *analyzer) record(body []ast.Stmt) []ast.Stmt {
	live := a.liveAfter()
	type stmt struct {
		s          ast.Stmt
		defs, uses modref.Set
		fixed      bool // never removed
	}
	var all []*stmt
	for _, s := range body {
		all = append(all, &stmt{s: s, defs: a.in.ModRef.Defines([]ast.Stmt{s}, a.scope), uses: a.exposed(s), fixed: effects(s)})
	}
	kept := make([]bool, len(all))
	for i := range kept {
		kept[i] = true
	}
	for changed := true; changed; {
		changed = false
		for i, st := range all {
			if !kept[i] || st.fixed || len(st.defs) == 0 {
				continue
			}
			needed := false
			for v := range st.defs {
				if live[v] {
					needed = true
				}
				for j, o := range all {
					if j != i && kept[j] && o.uses[v] {
						needed = true
					}
				}
			}
			if !needed {
				kept[i], changed = false, true
			}
		}
	}
	var out []ast.Stmt
	for i, st := range all {
		if kept[i] {
			out = append(out, st.s)
		}
	}
	return out
}

// exposed returns the variables s may read: every variable it
// references but the one an assignment defines (its subscripts are
// read) and the control variable of a DO construct s (defined before
// its body reads it); a call's effects count as reads.
func (a *analyzer) exposed(s ast.Stmt) modref.Set {
	lhs := map[*ast.Ident]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			if id := baseIdent(as.Lhs); id != nil {
				lhs[id] = true
			}
		}
		return true
	})
	uses := modref.Set{}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := a.info.ObjectOf(n); v != nil && v.Kind == sema.VarSym && !lhs[n] {
				uses[v] = true
			}
		case *ast.CallStmt:
			for v := range a.referenced([]ast.Stmt{n}) {
				uses[v] = true
			}
		}
		return true
	})
	if do, ok := s.(*ast.DoConstruct); ok && do.Var != nil {
		if v := a.info.ObjectOf(do.Var); v != nil && v.Kind == sema.VarSym {
			delete(uses, v)
			for _, x := range []ast.Expr{do.Start, do.Stop, do.Step} {
				if x != nil && a.referenced(nil, x)[v] {
					uses[v] = true
				}
			}
		}
	}
	return uses
}

// baseIdent is the name at the base of x (a, a(i), a%b(j)), nil if none.
func baseIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// effects reports whether s does more than define variables: a call (of
// a subroutine; a function is judged by what modref says it defines),
// input/output, STOP, or a jump.
func effects(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.CallStmt, *ast.IOStmt, *ast.StopStmt, *ast.ExitStmt, *ast.CycleStmt, *ast.GotoStmt,
			*ast.ComputedGotoStmt, *ast.ArithIfStmt, *ast.ReturnStmt, *ast.AllocateStmt:
			found = true
		}
		return !found
	})
	return found
}
