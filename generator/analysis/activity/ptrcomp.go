package activity

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// ownedPointer reports whether path (%a%b...) of variable s ends at a
// POINTER component that the generators follow as an ALLOCATABLE one
// (generator/ad/decl/ptrcomp.go): a real component initialised to
// null(), reached through components that are not pointers. The
// generators reject its associations by =>, so it aliases nothing.
func ownedPointer(s *sema.Symbol, path string) bool {
	if s.Type == nil || s.Type.Derived == nil || s.Attrs&sema.AttrPointer != 0 || !strings.HasPrefix(path, "%") {
		return false
	}
	t := s.Type.Derived
	parts := strings.Split(path[1:], "%")
	for i, p := range parts {
		c := t.Component(p)
		if c == nil || c.Type == nil {
			return false
		}
		if i == len(parts)-1 {
			return c.Attrs&sema.AttrPointer != 0 && c.Type.IsReal() && c.Init != nil
		}
		if c.Attrs&sema.AttrPointer != 0 || c.Type.Derived == nil {
			return false
		}
		t = c.Type.Derived
	}
	return false
}

// derivedPointer reports whether pointer m is a scalar of a derived
// type (TYPE, not CLASS) outside common blocks, whose shadow pointer
// the generators associate as a real pointer's
// (generator/ad/{tangent,adjoint}/dtype_pointer.go).
func derivedPointer(m *sema.Symbol) bool {
	return m.Type != nil && m.Type.IsDerived() && !m.Type.Class && m.Type.Derived != nil && len(m.Dims) == 0 && m.Attrs&sema.AttrInCommon == 0
}
