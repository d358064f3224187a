package inline_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/inline"
)

// functions are internal procedures the snippets reference.
const functions = `
contains
  real(8) function f(x)
    real(8), intent(in) :: x
    f = x*x
  end function f
  function v(x)
    real(8), intent(in) :: x(:)
    real(8) :: v(size(x))
    v = x
  end function v
  subroutine h(x)
    real(8), intent(in) :: x(:)
  end subroutine h
  integer function k(x)
    real(8), intent(in) :: x
    k = int(x)
  end function k
  subroutine g(x, y, z)
    real(8), intent(in) :: x, y
    real(8), optional, intent(in) :: z
  end subroutine g
end subroutine s
`

// TestCallFunctionArgs checks which function references leave the
// arguments of CALLs for temporaries, one snippet each: the routine's
// body printed afterwards.
func TestCallFunctionArgs(t *testing.T) {
	tests := []struct{ name, src, body string }{{
		name: "alone, in an expression, nested, by keyword, left to right",
		src: `subroutine s(a, b)
  real(8) :: a, b
  call g(f(a), 2*f(f(b)) + 1, z=sqrt(f(a)))
`,
		body: "fadj_fa1 = f(a)\nfadj_fa2 = f(f(b))\nfadj_fa3 = f(a)\ncall g(fadj_fa1, 2*fadj_fa2 + 1, z=sqrt(fadj_fa3))",
	}, {
		name: "an array result: an allocatable temporary",
		src: `subroutine s(a)
  real(8) :: a(3)
  call h(2*v(a))
`,
		body: "fadj_fa1 = v(a)\ncall h(2*fadj_fa1)",
	}, {
		name: "a logical IF becomes a construct; in a loop",
		src: `subroutine s(a, b)
  real(8) :: a, b
  integer :: i
  do i = 1, 3
    if (a > 0) call g(a, f(b))
  end do
`,
		body: "do i = 1, 3\n  if (a > 0) then\n    fadj_fa1 = f(b)\n    call g(a, fadj_fa1)\n  end if\nend do",
	}, {
		name: "integer results and intrinsics stay; a label goes to the first assignment, unless it ends a DO loop",
		src: `subroutine s(a, b)
  real(8) :: a, b
  integer :: i
  call g(a, b*k(a))
  call g(a, sin(b))
10 call g(a, f(b))
  do 20 i = 1, 2
20 call g(a, f(b))
`,
		body: "call g(a, b*k(a))\ncall g(a, sin(b))\n10 fadj_fa1 = f(b)\ncall g(a, fadj_fa1)\ndo i = 1, 2\n  20 call g(a, f(b))\nend do",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src+functions)
			inline.CallFunctionArgs(prog)
			checkBody(t, prog, tt.body)
			var decls strings.Builder
			for _, d := range prog.Files[0].Units[0].Decls {
				printer.Node(&decls, d)
			}
			if strings.Contains(tt.name, "array result") && !strings.Contains(decls.String(), "allocatable :: fadj_fa1(:)") {
				t.Errorf("no allocatable temporary declared:\n%s", decls.String())
			}
		})
	}
}
