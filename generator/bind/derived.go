package bind

import (
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/suggest"
)

// component returns the part of variable sym that independent or
// dependent v names: sym itself, or the component its path reaches
// (p%drag, s%p%kappa). The derivative routines take the derivative of
// the whole variable (docs/derivedtypes.md): a component in the spec says
// which part of it the user seeds or reads.
func component(sym *sema.Symbol, v config.Var, role string) (*sema.Symbol, diag.List) {
	part := sym
	through := false // the path went through an array component
	for i, name := range v.Ref.Path {
		t := part.Type
		// CLASS(t) is t's components (an active polymorphic variable
		// of a type the program extends is rejected at its declaration).
		if t == nil || !t.IsDerived() || t.Derived == nil {
			return nil, errAt(v.Pos, "%s '%s': '%s' is not of a derived type", role, v.Text, strings.Join(append([]string{v.Ref.Name}, v.Ref.Path[:i]...), "%"))
		}
		// s%layers%t through an array component layers is an array of
		// the elements' t, as cells%e of an array (below); not twice.
		if i > 0 && len(part.Dims) > 0 && (through || len(sym.Dims) > 0) {
			return nil, errAt(v.Pos, "not supported yet: %s '%s' through array component '%s'", role, v.Text, part.Name)
		}
		through = through || i > 0 && len(part.Dims) > 0
		c := t.Derived.Component(strings.ToLower(name))
		if c == nil || c.Kind != sema.ComponentSym {
			var names []string
			for _, x := range t.Derived.Components {
				names = append(names, x.Name)
			}
			return nil, errAt(v.Pos, "%s '%s': type '%s' has no component '%s'%s", role, v.Text, t.Derived.Name, name, suggest.Hint(name, names))
		}
		// An ALLOCATABLE component's derivative is allocated with it
		// (decl.AllocPaths), a POINTER one's is a POINTER the
		// derivative code allocates where the caller's is not
		// associated (docs/derivedtypes.md).
		if c.Type == nil {
			return nil, errAt(v.Pos, "%s '%s' has no type", role, v.Text)
		}
		part = c
	}
	// cells%e of an array of cells is an array of scalars (the
	// elements' e); cells%h of array components would be of rank two
	// part references, which Fortran has not: fadj check reaches them
	// element by element, whole, of a rank-1 array (check/leafloop.go).
	whole := len(part.Dims) > 0 && len(sym.Dims) == 1 && !through && v.Ref.Section == ""
	if len(v.Ref.Path) > 0 && (len(sym.Dims) > 0 || through) && (len(part.Dims) > 0 && !whole || part.Attrs.Has(sema.AttrAllocatable) || part.Attrs.Has(sema.AttrPointer)) {
		return nil, errAt(v.Pos, "not supported yet: %s '%s', an array, allocatable or pointer component of array '%s'", role, v.Text, sym.Name)
	}
	return part, nil
}

// hasFloat reports whether t is real or complex, or a derived type with
// a real or complex component at any depth.
func hasFloat(t *sema.Type, depth int) bool {
	switch {
	case t == nil:
		return false
	case t.IsFloat():
		return true
	case !t.IsDerived() || t.Derived == nil || depth > 8:
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind == sema.ComponentSym && hasFloat(c.Type, depth+1) {
			return true
		}
	}
	return false
}
