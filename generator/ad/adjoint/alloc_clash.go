package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module variables hidden by the routine's own names (a dummy u of a
// routine whose callees update module state u): the adjoint reaches
// them and their adjoints through renamed USEs (decl.Hidden,
// decl.ReachName; globalRef renames the variable alike).

// hiddenGlobal rejects module variable s with an adjoint in the
// adjoint of the routine where the renaming cannot help: a procedure of
// s's own module, which cannot USE it, if it needs it (needed: to zero
// or align it); a routine that names s itself and has a variable of its
// adjoint's name (the adjoints of its references).
func (g *gen) hiddenGlobal(r *routine, s *sema.Symbol, needed bool) error {
	m := s.Module()
	if m == nil {
		return nil
	}
	name := strings.ToLower(decl.LocalName(r.u.Decls, s))
	if g.scope.Lookup(name) == s {
		if g.scope.Lookup(name+strings.ToLower(g.suffix)) != nil {
			return notSupported("module variable '%s' of '%s' in '%s', which has a variable of its adjoint's name '%s'", s.Name, m.Name, g.pa.Proc.Name, name+g.suffix)
		}
		return nil
	}
	if needed && m == g.module && decl.Hidden(g.scope, r.u.Decls, s, g.suffix) {
		return notSupported("module variable '%s' of '%s' in its procedure '%s', which has a variable of its name or of its adjoint's (a procedure cannot USE its own module)", s.Name, m.Name, g.pa.Proc.Name)
	}
	return nil
}

// hiddenAdj returns the adjoint of module variable v of another module,
// which the routine does not see or hides (decl.Hidden) but whose
// adjoint it uses (declared in the adjoint module), by the name the
// adjoint module's USE gives it; nil for another variable.
func (g *gen) hiddenAdj(v *sema.Symbol) ast.Expr {
	m := v.Module()
	if m == nil || m == g.module || !g.sh.declared[v] || !g.activeHere(v) {
		return nil
	}
	decls := g.pa.Unit.Decls
	if g.scope.Lookup(strings.ToLower(decl.LocalName(decls, v))) == v {
		return nil
	}
	return ast.NewIdent(decl.ReachName(g.scope, decls, v, g.suffix) + g.suffix)
}

// activeHere reports whether v is an active variable of the routine
// (one the adjoint module's USE lists, with its adjoint: adjointArgs).
func (g *gen) activeHere(v *sema.Symbol) bool {
	return containsSym(g.activeSyms(), v)
}

// activeSyms returns the active variables of the routine (those of the
// adjoint modules' USEs; decl.PruneUnused drops the unused ones).
func (g *gen) activeSyms() []*sema.Symbol {
	var out []*sema.Symbol
	for _, a := range g.pa.ActiveVars() {
		out = append(out, a.Sym)
	}
	return out
}
