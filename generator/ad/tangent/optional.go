package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// OPTIONAL dummies in tangent mode: the tangent b_d of an active OPTIONAL
// dummy b is OPTIONAL too, and a caller passes it exactly where it passes
// b (call: keyword arguments keep their keyword, with the suffix), so
// present(b) tells both. The statements the generator adds outside the
// original's present(b) tests (the zeroing of b_d on entry) go under
// present(b) (decl.GuardOptionals).

// optionalNames returns the optional dummies of the version being
// generated and their tangents, by lower-case name, each mapped to the
// dummy's name.
func (g *gen) optionalNames() map[string]string {
	out := map[string]string{}
	for _, a := range g.pa.Unit.Args {
		s := g.scope.LookupLocal(a.Lower())
		if s == nil || !s.IsDummy() || !s.Attrs.Has(sema.AttrOptional) {
			continue
		}
		out[strings.ToLower(s.Name)] = s.Name
		if inPattern(g.pa, s) {
			out[strings.ToLower(g.tname(s))] = s.Name
		}
	}
	return out
}
