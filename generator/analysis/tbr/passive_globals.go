package tbr

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// GlobalsBefore returns the module and common variables (as the routine
// names them) that the forward sweep must save before call s of a
// procedure without a derivative version, and the backward sweep restore
// after its place: those the callee may define whose values the backward
// sweep needs (store-all: every real one).
func (p *ProcTBR) GlobalsBefore(s *ast.CallStmt) []*sema.Symbol {
	if p == nil {
		return nil
	}
	return p.globals[s]
}

// passiveGlobals notes the globals call s, of a procedure without a
// derivative version, must save (GlobalsBefore). They are not killed: the
// callee may define them in part.
func (a *analyzer) passiveGlobals(s *ast.CallStmt, out set) {
	if a.pt.globals == nil {
		a.pt.globals = map[*ast.CallStmt][]*sema.Symbol{}
	}
	mc := a.modref.Call(s, a.scope)
	for _, v := range mc.Globals.Sorted() {
		if !mc.Defs[v] {
			continue
		}
		if (out[v] || (a.cfg.StoreAll && isFloat(v.Type))) && !containsSym(a.pt.globals[s], v) {
			a.pt.globals[s] = append(a.pt.globals[s], v) // (loops visit s again)
		}
	}
}

func containsSym(list []*sema.Symbol, v *sema.Symbol) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
