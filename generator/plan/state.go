package plan

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Procedures that keep evolving state in saved locals.
//
// A procedure whose saved local gets a new value computed from its old
// one (a random-number generator's seed, is = mod(is*1103 + 12345,
// 65536); a counter) gives other results each time it runs. Joint
// reversal runs a callee again in the backward sweep, and a checkpointed
// loop runs its steps again: whatever reaches such a procedure would
// then see another state than the original run did, and no snapshot can
// hold it (the caller cannot name the local). So a call site that
// reaches one is reversed split, where its callee runs once, unless a
// checkpoint names it (an error in the spec); a checkpointed loop or
// region whose steps reach one is an error too, and strategy recompute
// does not checkpoint such a loop.
//
// Flags set to constants (logical, save :: first = .true.; first =
// .false.) are not evolving state: running again after the first call
// gives the same result.

// State is a saved local that a procedure updates from its own value.
type State struct {
	Proc, Var *sema.Symbol
}

func (s State) String() string {
	return fmt.Sprintf("'%s', which updates its saved local '%s' from its own value", s.Proc.Name, s.Var.Name)
}

// evolving returns, for each procedure of prog that runs (itself or
// through its callees) one that updates a saved local from its own
// value, that state.
func evolving(prog *sema.Program) map[*sema.Symbol]State {
	info := prog.Info
	out := map[*sema.Symbol]State{}
	if info.CallGraph == nil {
		return out
	}
	for _, n := range info.CallGraph.Nodes {
		if u := n.Unit(); u != nil {
			if v := selfUpdated(info, u); v != nil {
				out[n.Proc] = State{Proc: n.Proc, Var: v}
			}
		}
	}
	for p, v := range prog.MovedState() { // SAVEd reals as COMMON (sema/legacy_saved_common.go)
		if _, ok := out[p]; !ok {
			out[p] = State{Proc: p, Var: v}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, n := range info.CallGraph.Nodes {
			if _, ok := out[n.Proc]; ok {
				continue
			}
			for _, c := range append(append([]*sema.CGNode{}, n.Callees...), n.Refs...) {
				if st, ok := out[c.Proc]; ok {
					out[n.Proc] = st
					changed = true
					break
				}
			}
		}
	}
	return out
}

// selfUpdated returns a saved local of unit u that an assignment of u
// gives a value read from itself, nil if none.
func selfUpdated(info *sema.Info, u *ast.Unit) *sema.Symbol {
	scope := info.ScopeOf(u)
	if scope == nil {
		return nil
	}
	saved := func(v *sema.Symbol) bool {
		if v == nil || v.Kind != sema.VarSym || v.Owner != scope || v.IsDummy() || v.Attrs.Has(sema.AttrInCommon) {
			return false
		}
		if v.Attrs.Has(sema.AttrPointer) {
			return false // p = f(p) defines p's target; p's state is its association
		}
		return scope.SaveAll() || v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData) ||
			v.Init != nil && !v.Attrs.Has(sema.AttrParameter)
	}
	var found *sema.Symbol
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || found != nil {
			return found == nil
		}
		v := baseVar(info, a.Lhs)
		if !saved(v) {
			return true
		}
		ast.Inspect(a.Rhs, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = v
			}
			return found == nil
		})
		return found == nil
	})
	return found
}

func baseVar(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return info.ObjectOf(e)
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// StateIn returns the first call statement of body whose callee reaches
// evolving state, and that state (ok false if none).
func (p *Plan) StateIn(info *sema.Info, body []ast.Stmt) (*ast.CallStmt, State, bool) {
	if p == nil || len(p.evolving) == 0 {
		return nil, State{}, false
	}
	var call *ast.CallStmt
	var st State
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		if call != nil {
			return false
		}
		if s, ok := n.(*ast.CallStmt); ok {
			if c := info.CallStmts[s].Proc; c != nil {
				if found, ok := p.evolving[global(c)]; ok {
					call, st = s, found
				} else if found, ok := p.evolving[c]; ok {
					call, st = s, found
				}
			}
		}
		return call == nil
	})
	return call, st, call != nil
}

// global returns the procedure symbol the call graph knows callee by.
func global(callee *sema.Symbol) *sema.Symbol {
	if callee.Proc != nil && callee.Proc.Global != nil {
		return callee.Proc.Global
	}
	return callee
}

// exprName returns the name a CALL statement calls.
func exprName(s *ast.CallStmt) string {
	if id, ok := s.Name.(*ast.Ident); ok {
		return id.Name
	}
	return "?"
}

// StateOf returns the evolving state procedure proc reaches (ok false if
// none).
func (p *Plan) StateOf(proc *sema.Symbol) (State, bool) {
	if p == nil || proc == nil {
		return State{}, false
	}
	if st, ok := p.evolving[global(proc)]; ok {
		return st, true
	}
	st, ok := p.evolving[proc]
	return st, ok
}
