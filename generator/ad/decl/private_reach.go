package decl

import "github.com/fadj-dev/fadj/generator/sema"

// OutOfReach reports whether module variable s is PRIVATE to its module
// (by its attribute or the module's default) and sc lies outside that
// module: a routine of another module (augmented or not) cannot name
// it, nor USE it under another name. Such state is only ever touched by
// its module's own procedures, whose derivatives align its derivative
// on their entry; the routines outside leave it alone.
func OutOfReach(sc *sema.Scope, s *sema.Symbol) bool {
	mod := s.Owner
	if mod == nil || mod.Kind != sema.ModuleScope || s.Kind != sema.VarSym {
		return false
	}
	private := s.Attrs.Has(sema.AttrPrivate) || mod.DefaultPrivate() && !s.Attrs.Has(sema.AttrPublic)
	if !private {
		return false
	}
	for x := sc; x != nil; x = x.Parent {
		if x == mod {
			return false
		}
	}
	return true
}
