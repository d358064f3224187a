package sema

// A deferred NOPASS binding that one procedure implements.
//
// A model written against an abstract type (`procedure(phi_iface),
// deferred, nopass :: phi`) often has a single implementation in the
// program (`type, extends(limiter) :: vanleer` binding vl_phi): the
// program is whole, so every object of the family has a dynamic type
// binding phi to vl_phi, and `a%lim%phi(r)` is a reference to vl_phi.
// NOPASS only: a passed object of the declared type could not be an
// actual of the implementation's CLASS(vanleer) dummy in generated code.

// soleBinding returns the binding of b's name in the extensions of b's
// type when b is a deferred NOPASS binding and all of them (that bind the
// name without deferring it) bind the same procedure, else nil. An
// abstract extension that binds it too counts: at worst a second
// procedure keeps the reference bound at run time.
func soleBinding(info *Info, b *Symbol) *Symbol {
	if b == nil || b.Parent == nil || !b.Attrs.Has(AttrDeferred) || !b.Attrs.Has(AttrNoPass) {
		return nil
	}
	var sole *Symbol
	for _, s := range info.Defs {
		if s == nil || s.Kind != TypeSym || !extends(s, b.Parent) {
			continue
		}
		sb := s.Binding(b.Name)
		if sb == nil || sb.Kind != BindingSym || sb.Attrs.Has(AttrDeferred) {
			continue
		}
		p := bindingTarget(sb)
		if p == nil || sole != nil && bindingTarget(sole) != p {
			return nil
		}
		if sole == nil {
			sole = sb
		}
	}
	return sole
}
