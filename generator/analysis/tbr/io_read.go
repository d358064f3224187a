package tbr

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// read is the transfer function of a READ (other I/O statements define
// nothing the analysis follows). Each leaf of the items (activity.ReadLeaves:
// a(i) in (a(i), i=1,n) too) that is in the set is recorded before the
// READ, and so is an implied DO's variable. The backward sweep zeroes the
// adjoints of the active leaves, addressing them with the subscripts and
// implied DO bounds as the READ left them, and restores recorded
// elements with their subscripts: those variables join the set (not the
// implied DO variables, which the backward sweep's zeroing loops set
// themselves).
//
// Any I/O statement also defines the internal file of a WRITE and the
// variables of IOSTAT=, IOMSG=, SIZE= (modref.IODefined): recorded when
// in the set (an internal READ in a checkpointed callee the adjoint runs
// again reads the record the WRITE overwrote).
func (a *analyzer) read(s *ast.IOStmt, in set) set {
	for _, x := range modref.IODefined(a.info, s) {
		if v := a.base(x); v != nil && in[v] && !a.isDoVar(v) {
			a.addRecord(s, x)
		}
	}
	if s.Keyword != "read" {
		return in
	}
	out := in.copy()
	gen := set{}
	loopVars := map[*ast.ImpliedDo]bool{}
	for _, l := range append(activity.ReadLeaves(s), activity.NamelistLeaves(a.pa, s)...) {
		v := a.base(l.X)
		if v == nil || a.isDoVar(v) {
			continue
		}
		if in[v] || (a.cfg.StoreAll && isFloat(a.info.TypeOf(l.X))) {
			a.addRecord(s, l.X)
			a.subs(l.X, gen)
		}
		if a.pa.ActiveVar(v) {
			a.subs(l.X, gen)
			for _, d := range l.Loops {
				a.vars(d.Start, gen)
				a.vars(d.Stop, gen)
				a.vars(d.Step, gen)
			}
		}
		for _, d := range l.Loops {
			if loopVars[d] {
				continue
			}
			loopVars[d] = true
			if dv := a.varSym(d.Var); dv != nil && in[dv] && !a.isDoVar(dv) {
				a.addRecord(s, d.Var)
			}
		}
	}
	for d := range loopVars {
		delete(gen, a.varSym(d.Var))
	}
	a.note(a.pt.reads, s, gen)
	out.addAll(gen)
	return out
}
