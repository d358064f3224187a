package sema

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// TestProcDeclResult checks that a dummy procedure declared
// PROCEDURE(iface) has iface's result type, in both forms of a function
// interface (it was "undeclared name 'f'" under IMPLICIT NONE).
func TestProcDeclResult(t *testing.T) {
	for _, head := range []string{"function func1d(x) result(y)\n      real(8) :: y", "function func1d(x)\n      real(8) :: func1d"} {
		info := check(t, `module m
  implicit none
  abstract interface
    `+head+`
      real(8), intent(in) :: x
    end function
  end interface
contains
  function gauss(f, a) result(s)
    procedure(func1d) :: f
    real(8), intent(in) :: a
    real(8) :: s
    s = f(a)
  end function
end module
`)
		f := scope(t, info, "gauss").Lookup("f")
		if f == nil || f.Type == nil || !f.Type.IsReal() || f.Type.Kind != 8 {
			t.Errorf("%s: f has type %v, want real(8)", head, f.Type)
		}
	}
}

// TestRecursiveIntentIn checks the effective intents of a recursive
// procedure's dummies: an INTENT(IN) dummy passed to the self-call stays
// intent in, unless the procedure defines it through an implicit
// interface, and an argument without INTENT it defines is still defined
// by the self-call.
func TestRecursiveIntentIn(t *testing.T) {
	for _, tc := range []struct {
		body string
		want ast.Intent
	}{
		{"s = a\n    if (d > 0) s = simpson(a, 0.5d0*(a + b), d - 1)", ast.IntentIn},
		{"call ext(a)\n    s = a\n    if (d > 0) s = simpson(a, b, d - 1)", ast.IntentInOut},
		{"s = a\n    if (d > 0) s = simpson(b, a, d - 1)\n    call ext(b)", ast.IntentInOut},
	} {
		info := check(t, `module m
contains
  recursive function simpson(a, b, d) result(s)
    real(8), intent(in) :: a, b
    integer, intent(in) :: d
    real(8) :: s
    external ext
    `+tc.body+`
  end function
end module
`)
		a := scope(t, info, "simpson").Lookup("a")
		if u := info.EffectiveIntents().Of(a); u == nil || u.Effective != tc.want {
			t.Errorf("%q: a's effective intent %v, want %v", tc.body, u.Effective, tc.want)
		}
	}
}
