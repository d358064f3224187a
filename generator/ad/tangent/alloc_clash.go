package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module variables hidden by the routine's own names (a dummy u of a
// routine whose callees update module state u): the tangent reaches
// them and their tangents through renamed USEs (decl.Hidden,
// decl.ReachName; globalAlloc renames the variable alike).

// hiddenGlobal rejects module variable s with a tangent in the
// tangent of the routine where the renaming cannot help: a procedure of
// s's own module, which cannot USE it, if it needs it (needed: to zero
// or align it); a routine that names s itself and has a variable of its
// tangent's name (the tangents of its references).
func (g *gen) hiddenGlobal(u *ast.Unit, s *sema.Symbol, needed bool) error {
	m := s.Module()
	if m == nil {
		return nil
	}
	name := strings.ToLower(decl.LocalName(u.Decls, s))
	if g.scope.Lookup(name) == s {
		if g.scope.Lookup(name+strings.ToLower(g.suffix)) != nil {
			return notSupported("module variable '%s' of '%s' in '%s', which has a variable of its tangent's name '%s'", s.Name, m.Name, g.pa.Proc.Name, name+g.suffix)
		}
		return nil
	}
	if needed && m == g.module && decl.Hidden(g.scope, u.Decls, s, g.suffix) {
		return notSupported("module variable '%s' of '%s' in its procedure '%s', which has a variable of its name or of its tangent's (a procedure cannot USE its own module)", s.Name, m.Name, g.pa.Proc.Name)
	}
	return nil
}
