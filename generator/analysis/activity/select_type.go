package activity

import "github.com/fadj-dev/fadj/generator/sema"

// extensionHasFloat reports whether a type of the program extending t
// holds real or complex data: a CLASS(t) object may have it as its
// dynamic type, and SELECT TYPE reaches its components (node%v of a
// real_value selected from a class(value_t) with no component), so the
// object is tracked (as a whole) even when t itself holds no such data.
func (a *analyzer) extensionHasFloat(t *sema.Symbol) bool {
	if t == nil {
		return false
	}
	if v, ok := a.extFloat[t]; ok {
		return v
	}
	if a.extFloat == nil {
		a.extFloat = map[*sema.Symbol]bool{}
	}
	res := false
	for _, s := range a.info.Defs {
		if s == nil || s.Kind != sema.TypeSym || s == t || !extends(s, t) {
			continue
		}
		if a.typeHasFloat(s, 0) {
			res = true
			break
		}
	}
	a.extFloat[t] = res
	return res
}

// extends reports whether type s extends type t.
func extends(s, t *sema.Symbol) bool {
	for p, i := s.Parent, 0; p != nil && i < 64; p, i = p.Parent, i+1 {
		if p == t {
			return true
		}
	}
	return false
}
