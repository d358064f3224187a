package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// An INTENT(OUT) CLASS(t) dummy of a type whose extensions add
// components (the `init` pattern: `class(base_state), intent(out) ::
// self` called with a `type(ice_state)` actual) resets those of the
// actual's dynamic type, unseen by the procedure: their derivatives are
// zero after the call. The callers zero them (ad/decl/oop_extzero.go),
// which they can where they know the actual's type: when every
// reference to the procedure passes the dummy a non-polymorphic actual
// (TYPE, or CLASS of a type nothing extends), the dummy is
// differentiated like the others (kernel ext_init_out).

// actualsKnown reports whether every reference of the program to the
// procedure of INTENT(OUT) dummy s passes it a non-polymorphic actual.
func actualsKnown(info *Info, s *Symbol, extended map[*Symbol]bool) bool {
	if len(s.Dims) > 0 || s.Owner == nil {
		return false
	}
	proc := s.Owner.Symbol
	if proc == nil {
		return false
	}
	ok := true
	check := func(c Call, args []ast.Expr) {
		if c.Proc != proc {
			return
		}
		a := actualOf(s, args)
		t := info.TypeOf(a)
		v := objectVar(info, a)
		if a == nil || t == nil || t.Derived == nil || t.Class && extended[t.Derived] || v != nil && info.MonoClass[v] {
			ok = false
		}
	}
	for st, c := range info.CallStmts {
		check(c, st.Args)
	}
	for e, c := range info.Calls {
		check(c, e.Args)
	}
	return ok
}
