package tangent

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A PURE procedure (or an ELEMENTAL one, unless IMPURE) changes nothing
// but its result, its intent(out) and intent(inout) arguments and its
// locals, and references only pure procedures (F2018 15.7): an
// array-valued pure function can run twice (func_array.go), and a
// function it references, pure too, cannot change what it reads
// (cat_thick(col) returning safe_div(col%vicen, col%aicen)).

// pureUnit reports whether unit u is pure.
func pureUnit(u *ast.Unit) bool {
	pure := false
	for _, k := range u.Prefix {
		switch k.Name {
		case "pure", "elemental":
			pure = true
		case "impure":
			return false
		}
	}
	return pure
}

// pureFunction reports whether procedure s is a function with a pure
// unit that changes no argument (all its dummies intent(in) or VALUE).
func pureFunction(s *sema.Symbol) bool {
	if s == nil || s.Proc == nil || s.Proc.Unit == nil || s.Proc.Unit.Kind != ast.FunctionUnit || !pureUnit(s.Proc.Unit) {
		return false
	}
	for _, d := range s.Proc.Args {
		if d != nil && d.Intent != ast.IntentIn && !d.Attrs.Has(sema.AttrValue) {
			return false
		}
	}
	return true
}
