package tbr

import (
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// What a callee's adjoint reads and defines.
//
// The adjoint of a jointly reversed callee leaves out the primal code
// whose values its backward sweep never reads (package liveness), so it
// may read on entry, and define, less than the callee itself: a routine
// computing a diagnostic from the state needs the state, not the
// diagnostic's old value, and does not recompute the diagnostic. The
// snapshot of a call then takes use(C̄) and out(C̄) from this summary
// rather than from the callee's own mod/ref. The summary runs the
// liveness without the generator's refinements, which only leave out
// more, so the adjoint generated reads and defines no more than it says.

// summary is what the adjoint of one procedure version reads on entry
// (its dummies and the other variables live there) and the variables its
// forward sweep may still define.
type summary struct {
	entry liveness.Set
	defs  set
}

// summarize returns the summary of version pt of unit, nil if its adjoint
// is not pruned.
func summarize(info *sema.Info, scope *sema.Scope, unit *ast.Unit, pt *ProcTBR, mr *modref.Result) *summary {
	if !liveness.Applies(unit, scope) {
		return nil
	}
	body := liveness.Body(unit)
	res := liveness.Adjoint(body, liveness.Config{
		Info:  info,
		Scope: scope,
		AdjointReads: func(s ast.Stmt) []*sema.Symbol {
			var out []*sema.Symbol
			for v := range pt.reads[s] {
				out = append(out, v)
			}
			return out
		},
		Records: func(s ast.Stmt, x ast.Expr) bool {
			for _, y := range pt.record[s] {
				if y == x {
					return true
				}
			}
			return false
		},
	})
	sum := &summary{entry: res.Entry, defs: set{}}
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.IfConstruct:
				for _, b := range s.Branches {
					walk(b.Body)
				}
			case *ast.SelectCase:
				for _, c := range s.Cases {
					walk(c.Body)
				}
			case *ast.DoConstruct:
				if s.Var != nil {
					sum.defs[info.ObjectOf(s.Var)] = true
				}
				walk(s.Body)
			default:
				if !res.Dead[s] {
					sum.defs.addAll(set(mr.Defines([]ast.Stmt{s}, scope)))
				}
			}
		}
	}
	walk(body)
	return sum
}

// readByAdjoint reports whether the adjoint of the callee of a joint call
// (mc, its summary sum) may read the caller's variable v on entry: a
// variable the callee reaches other than through an argument does, an
// argument does if its dummy is live on entry.
func readByAdjoint(v *sema.Symbol, mc *modref.Call, sum *summary) bool {
	if sum == nil || mc.Globals[v] {
		return true
	}
	passed := false
	for _, x := range mc.Args {
		if x.Var != v {
			continue
		}
		passed = true
		if x.Dummy == nil || sum.entry[x.Dummy] {
			return true
		}
	}
	return !passed
}
