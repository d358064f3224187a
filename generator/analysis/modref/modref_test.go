package modref_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
)

const src = `module m
  real(8) :: p1, p2, state(3)
contains
  subroutine setp()
    p1 = 1
    p2 = 2
  end subroutine setp
  subroutine step(t, c, r)
    real(8) :: t, c, r
    r = c*t*p1 + p2
    state(1) = state(1) + r
  end subroutine step
end module m
subroutine outer(n, x, y, c)
  use m
  integer :: n, i
  real(8) :: x(n), y, c, r, t
  call setp()
  do i = 1, n
    t = x(i)
    call step(t, c, r)
    y = y + r
  end do
  call inner(y)
contains
  subroutine inner(z)
    real(8) :: z
    z = z + t
    c = 0
  end subroutine inner
end subroutine outer
`

// TestCalls prints what each call may read on entry and define.
func TestCalls(t *testing.T) {
	read := func(p string) ([]byte, error) {
		if p == "t.f90" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	r := modref.New(prog.Info)
	outer := prog.Info.Global.Lookup("outer")
	scope := outer.Inner
	var got []string
	var calls []*ast.CallStmt
	ast.Inspect(&ast.Unit{Body: outer.Proc.Unit.Body}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			calls = append(calls, c)
			mc := r.Call(c, scope)
			got = append(got, fmt.Sprintf("%s: uses %s defines %s globals %s", c.Name.(*ast.Ident).Name,
				names(mc.Uses), names(mc.Defs), names(mc.Globals)))
		}
		return true
	})
	// What the code after the call of step may define: the rest of the
	// loop body, the loop body again, and the call of inner.
	after := modref.After(outer.Proc.Unit.Body, calls[1])
	got = append(got, "after step: "+names(r.Defines(after, scope)))
	want := `setp: uses {} defines {p1 p2} globals {p1 p2}
step: uses {c p1 p2 state t} defines {r state} globals {p1 p2 state}
inner: uses {t y} defines {c y} globals {c t}
after step: {c r state t y}`
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
}

func names(s modref.Set) string {
	var out []string
	for _, v := range s.Sorted() {
		out = append(out, v.Name)
	}
	return "{" + strings.Join(out, " ") + "}"
}
