package adjoint

import (
	"sort"
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// keepSaved makes the joint adjoint leave the state a later call reads
// as its forward sweep left it: its passive SAVE locals, and the passive
// module variables its backward sweep writes. The SAVE locals are the
// adjoint routine's own (foo_b has its copy of a table foo fills on its
// first call); the module variables are the model's. The backward sweep
// may pop one to its value before the call (a procedure with GO TO
// records every overwritten variable the partials read): a table
// filled under IF (FIRST) was undefined again after the first call
// while its flag said it was filled, and every later call read garbage
// (RRTM's taumol tables: kernel phys_saved_table, TestModuleTableState).
// Such a variable is copied at the end of the forward sweep and copied
// back at the end of the backward sweep, as keepOutputs does for
// dependents. A caller does not count on a callee's adjoint restoring
// module variables (tbr's kept: arguments only): it restores what its
// own backward sweep reads. (Active saved variables are rejected by
// checkVar; foo_fwd and foo_bwd pass what they share on the tape.)
func (g *gen) keepSaved(r *routine) error {
	if g.split || hasReturn(r.bwd) {
		return nil
	}
	written := writtenNames(r.bwd)
	names := make([]string, 0, len(written))
	for n := range written {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := g.scope.Lookup(n)
		if s == nil || !g.keptState(s) {
			continue
		}
		g.ntmp++
		name := "fadj_saved" + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) != nil {
			return notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		g.decls = append(g.decls, outputCopyDecl(name, s.Type, s.Rank()))
		// n: the name in this scope (a module variable may come renamed).
		r.keep = append(r.keep, &ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: ast.NewIdent(n)})
		r.back = append(r.back, &ast.AssignStmt{Lhs: ast.NewIdent(n), Rhs: ast.NewIdent(name)})
	}
	return nil
}

// keptState reports whether keepSaved keeps s: a passive variable,
// copyable whole, that is a SAVE local of the routine or a module
// variable (not a dependent: keepOutputs keeps those).
func (g *gen) keptState(s *sema.Symbol) bool {
	if s.Kind != sema.VarSym || s.IsDummy() || s == g.result || g.hasAdj(s) ||
		s.Attrs.Has(sema.AttrParameter) || s.Attrs.Has(sema.AttrPointer) || s.Attrs.Has(sema.AttrAllocatable) ||
		s.Attrs.Has(sema.AttrProtected) || !copyable(s.Type, 0) || assumedSize(s) {
		return false
	}
	if s.Module() != nil {
		if s.Type.IsDerived() {
			return false // its type may have no name here to declare the copy with
		}
		for _, v := range g.pa.Pattern.Out {
			if v.Sym == s {
				return false
			}
		}
		return true
	}
	return s.Owner == g.scope &&
		(s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || s.Init != nil || g.scope.SaveAll())
}
