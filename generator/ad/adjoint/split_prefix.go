package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// fwdPrefix returns the prefix of foo_fwd, the split forward sweep of a
// routine declared with prefix: without PURE, since foo_fwd pushes on the
// tape (a PURE column routine called from a DO CONCURRENT, reversed in
// split mode, gave a foo_fwd that did not compile), and an ELEMENTAL one
// IMPURE ELEMENTAL, as its adjoint is (elemental.go).
func fwdPrefix(prefix []*ast.Keyword) []*ast.Keyword {
	var out []*ast.Keyword
	for _, k := range prefix {
		switch k.Name {
		case "pure", "impure":
			continue
		case "elemental":
			out = append(out, &ast.Keyword{KwPos: k.KwPos, Name: "impure"})
		}
		out = append(out, k)
	}
	return out
}
