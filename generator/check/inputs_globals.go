package check

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/parser"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/sema"
)

// inputGlobals returns the module variables check.inputs or
// check.shapes name (obs, grid%dx) that the spec does not name but the
// target sees: real, complex or derived-type, public, not constants.
// The driver sets them as it sets those the spec names, as passive
// inputs, so that a model reading a module array (observations, a
// forcing) can be checked without a setup routine that allocates it.
func inputGlobals(spec *config.Spec, scope *sema.Scope, globals []*sema.Symbol) []*sema.Symbol {
	var out []*sema.Symbol
	var names []string
	for _, in := range spec.Check.Inputs {
		names = append(names, in.Name)
	}
	for _, sh := range spec.Check.Shapes {
		names = append(names, sh.Name)
	}
	for _, n := range names {
		base, _, _ := strings.Cut(n, "%")
		s := scope.Lookup(base)
		if s == nil || s.Kind != sema.VarSym || s.IsDummy() || s.Module() == nil || s.Type == nil ||
			s.Attrs&(sema.AttrParameter|sema.AttrPointer|sema.AttrPrivate|sema.AttrProtected) != 0 ||
			!(s.Type.IsReal() || s.Type.IsComplex() || s.Type.IsDerived() && !s.Type.Class) ||
			containsSym(globals, s) || containsSym(out, s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// inputIntegers makes the integer module variables and the integer
// scalar components of derived-type arguments and module variables that
// check.inputs names (s%n, nlev) values the driver sets before the setup
// routine, as it sets those an array bound reads (boundEnv.module), so
// that a model reading its sizes from its state runs at the given ones.
func inputIntegers(spec *config.Spec, env *boundEnv) {
	for _, in := range spec.Check.Inputs {
		if env.ints[in.Name] != nil {
			continue
		}
		if x, err := parser.ParseExpr(in.Name); err == nil {
			env.eval(x) // records a BoundVar if it is one
		}
	}
}
