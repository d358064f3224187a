package modref_test

import (
	"os"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/load"
)

// TestFunctionArgs: an assignment referencing a user function may define
// the actual arguments the function may define, and only those: not an
// INTENT(IN) dummy's (an observation operator's grid sizes and
// coordinates), nor one the body only reads.
func TestFunctionArgs(t *testing.T) {
	const fsrc = `module ops
contains
  real(8) function interp(n, c, x) result(v)
    integer, intent(in) :: n
    real(8), intent(in) :: c(n), x
    v = c(1) + x*c(n)
  end function interp
  real(8) function bump(k, s)
    integer :: k
    real(8) :: s
    k = k + 1
    bump = s*k
  end function bump
end module ops
subroutine user(n, c, xo, k, s, y)
  use ops
  integer :: n, k
  real(8) :: c(n), xo(3), s, y
  y = interp(n, c, xo(k)) + bump(k, s)
end subroutine user
`
	read := func(p string) ([]byte, error) {
		if p == "f.f90" {
			return []byte(fsrc), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"f.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	u := prog.Info.Global.Lookup("user")
	got := names(modref.New(prog.Info).Defines(u.Proc.Unit.Body, u.Inner))
	if want := "{k y}"; got != want {
		t.Errorf("defines %s, want %s", got, want)
	}
}
