package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/sema"
)

// definesGlobal reports whether routine r, or a routine it calls, may
// define global s, for zeroing its adjoint at the start of the backward
// sweep (globalAdjDecl). decl.DefinesGlobal reads the routine's own
// statements (an actual argument counts as defined unless its dummy is
// INTENT(IN), VALUE or never defined), but zeroing is not the safe side: the adjoint of a
// control that is only read, passed to a routine that reads it
// (MITgcm's CALL CALC_GT(..., xx_kapgm, ...)), must accumulate, as an
// input's does. The callee's effects (modref) say whether it may define
// it.
func (g *gen) definesGlobal(r *routine, s *sema.Symbol) bool {
	if !decl.DefinesGlobal(g.info, r.u, s) {
		return false
	}
	if r.globalDefs == nil {
		r.globalDefs = modref.Set{}
		for v := range g.modref().Defines(r.u.Body, g.scope) {
			r.globalDefs[decl.Canon(v)] = true
		}
	}
	return r.globalDefs[decl.Canon(s)]
}
