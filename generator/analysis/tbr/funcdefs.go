package tbr

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Arguments defined by function references. A user function may define
// the actual argument of a dummy that is not INTENT(IN), wherever it is
// referenced (`if (obs_due(kob, t))` advancing kob). A statement whose
// own expressions hold such a reference overwrites the argument before
// anything of the statement runs: when the adjoint needs its old value
// (it is in In(s)) it is recorded before the statement, and the adjoint
// restores it after the statement's own adjoint (the adjoint generator's
// function-definition saves). The variables of its subscripts are then
// needed after the statement, to restore the element.

// transfer returns Out(s) given In(s).
func (a *analyzer) transfer(s ast.Stmt, in set) set {
	defs := a.modref.FunctionDefs(s)
	if len(defs) == 0 {
		return a.transferOwn(s, in)
	}
	out := a.transferOwn(s, in)
	needed := in
	if d, ok := s.(*ast.DoConstruct); ok && d.While != nil {
		// The condition runs before each iteration: what the body's
		// adjoint needs counts too (the adjoint generator rejects it).
		needed = union(in, out)
	}
	var subs set
	for _, x := range defs {
		v := a.base(x)
		if v == nil || a.isDoVar(v) {
			continue
		}
		if needed[v] || a.cfg.StoreAll && isFloat(a.info.TypeOf(x)) {
			a.addRecord(s, x)
			if subs == nil {
				subs = set{}
			}
			a.subs(x, subs)
		}
	}
	if subs != nil {
		out = union(out, subs)
	}
	return out
}
