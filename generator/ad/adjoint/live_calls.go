package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Dead calls in the adjoints of callees.
//
// A jointly reversed call whose results nothing reads (neither the rest
// of the forward sweep nor any adjoint) need not run in the forward sweep:
// its adjoint, in the backward sweep, starts from the call's inputs, which
// the call not run leaves as they were (the second of a Heun step's two
// right-hand side evaluations, whose results only their adjoint's
// linear combination uses). The call is left out when its callee, and
// everything that callee calls, is quiet: no input or output, no STOP, no
// SAVE or DATA variable, no pointer assignment or allocation, no internal
// procedure and no procedure without a body; and when nothing it may
// define (modref: its arguments' variables, module, common and host
// variables) is live after it, or is global or saved.

// deadCall reports whether call s may be left out given the variables
// live after it.
func (g *gen) deadCall(s *ast.CallStmt, after liveness.Set) bool {
	if g.pa.CallPattern(s) == nil || g.splitCall(s) {
		return false // (a passive call, or a split one whose forward sweep records)
	}
	for _, a := range s.Args {
		if g.callsUser(a) {
			return false
		}
	}
	callee := g.info.CallStmts[s].Proc
	if callee == nil || !g.quiet(callee, map[*sema.Symbol]bool{}) {
		return false
	}
	mc := g.modref().Call(s, g.scope)
	for v := range mc.Defs {
		if after[v] || mc.Globals[v] || isGlobal(v) || hostVar(v, g.scope) || v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData) || aliasable(v) {
			return false
		}
	}
	return true
}

// quiet reports whether calling proc changes nothing but what it defines
// through its arguments and the variables modref sees: see the comment at
// the top of this file.
func (g *gen) quiet(proc *sema.Symbol, seen map[*sema.Symbol]bool) bool {
	if seen[proc] {
		return true // (recursion: the other visit decides)
	}
	seen[proc] = true
	if proc.Proc == nil || proc.Proc.Unit == nil || len(proc.Proc.Unit.Procs) > 0 {
		return false
	}
	sc := g.info.ScopeOf(proc.Proc.Unit)
	if sc == nil || sc.SaveAll() {
		return false
	}
	for _, v := range sc.Symbols() {
		if v.Kind == sema.VarSym && (v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData)) {
			return false
		}
	}
	ok := true
	for _, st := range proc.Proc.Unit.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IOStmt, *ast.StopStmt, *ast.PointerAssignStmt, *ast.AllocateStmt:
				ok = false
			case *ast.CallStmt:
				c := g.info.CallStmts[n].Proc
				ok = ok && c != nil && g.quiet(c, seen)
			case *ast.CallExpr:
				if k, found := g.info.Calls[n]; found && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
					ok = ok && k.Proc != nil && g.quiet(k.Proc, seen)
				}
			}
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}
