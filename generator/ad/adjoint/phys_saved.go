package adjoint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// keepSaved makes the joint adjoint leave its passive SAVE locals as its
// forward sweep left them. They are the adjoint routine's own (foo_b has
// its copy of a table foo fills on its first call), and the backward
// sweep may pop one to its value before the call (a procedure with GO
// TO records every overwritten variable the partials read): after the
// first call of foo_b, its table was undefined again while its flag
// said it was filled, and every later call read garbage (a lookup
// table of RRTM's taumol built under IF (FIRST) beside a GO TO). Such a
// variable is copied at the end of the forward sweep and copied back at
// the end of the backward sweep, as keepOutputs does for dependents.
// (Active saved variables are rejected by checkVar; foo_fwd and foo_bwd
// pass what they share on the tape.)
func (g *gen) keepSaved(r *routine) error {
	if g.split || hasReturn(r.bwd) {
		return nil
	}
	written := writtenNames(r.bwd)
	var keep []*sema.Symbol
	for _, s := range g.scope.Symbols() {
		if s.Kind != sema.VarSym || s.IsDummy() || s.Owner != g.scope || s == g.result ||
			s.Attrs.Has(sema.AttrParameter) || s.Attrs.Has(sema.AttrPointer) || s.Attrs.Has(sema.AttrAllocatable) ||
			!written[strings.ToLower(s.Name)] || !copyable(s.Type, 0) || assumedSize(s) {
			continue
		}
		if s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || s.Init != nil || g.scope.SaveAll() {
			keep = append(keep, s)
		}
	}
	sort.Slice(keep, func(i, j int) bool { return strings.ToLower(keep[i].Name) < strings.ToLower(keep[j].Name) })
	for _, s := range keep {
		g.ntmp++
		name := "fadj_saved" + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) != nil {
			return notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		g.decls = append(g.decls, outputCopyDecl(name, s.Type, s.Rank()))
		r.keep = append(r.keep, &ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: ast.NewIdent(s.Name)})
		r.back = append(r.back, &ast.AssignStmt{Lhs: ast.NewIdent(s.Name), Rhs: ast.NewIdent(name)})
	}
	return nil
}
