package inline_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/inline"
)

// TestFixedPointExits checks which converged branches give their copy of
// the update to the end of the loop body: the first loop's body printed
// afterwards.
func TestFixedPointExits(t *testing.T) {
	head := "subroutine s(x, xn, res, tol)\n  real(8) :: x(3), xn(3), res, tol\n  integer :: it\n"
	tests := []struct{ name, loop, body string }{{
		name: "the update copied: moved before the test",
		loop: "  fp: do it = 1, 9\n    xn = cos(x)\n    res = maxval(abs(xn - x))\n    if (res < tol) then\n      x = xn\n      exit fp\n    end if\n    x = xn\n  end do fp\n",
		body: "xn = cos(x)\nres = maxval(abs(xn - x))\nx = xn\nif (res < tol) exit fp",
	}, {
		name: "two assignments, an unnamed EXIT, a CONTINUE kept last",
		loop: "  do 10 it = 1, 9\n    xn = cos(x)\n    if (res < tol) then\n      x = xn\n      xn = 0\n      exit\n    end if\n    x = xn\n    xn = 0\n10 continue\n",
		body: "xn = cos(x)\nx = xn\nxn = 0\nif (res < tol) exit\n10 continue",
	}, {
		name: "the copy defines what the test reads: left alone",
		loop: "  do it = 1, 9\n    xn = cos(x)\n    if (res < tol) then\n      res = 0\n      exit\n    end if\n    res = 0\n  end do\n",
		body: "xn = cos(x)\nif (res < tol) then\n  res = 0\n  exit\nend if\nres = 0",
	}, {
		name: "not the same update: left alone",
		loop: "  do it = 1, 9\n    if (res < tol) then\n      x = xn\n      exit\n    end if\n    x = 0.5d0*(x + xn)\n  end do\n",
		body: "if (res < tol) then\n  x = xn\n  exit\nend if\nx = 0.5d0*(x + xn)",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, head+tt.loop+"end subroutine s\n")
			u := prog.Files[0].Units[0]
			d := u.Body[0].(*ast.DoConstruct)
			inline.FixedPointExits(prog.Info, []*ast.DoConstruct{d})
			u.Body = d.Body
			checkBody(t, prog, tt.body)
		})
	}
}
