package inline_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/inline"
)

// TestAliasedArguments checks which callees let a call pass one array to
// a dummy they only read and to one they define (rk4(v, ..., v)): those
// that read no element of the first after writing it through the second
// get a copy of the array for the first; the others keep the call as it
// is (reverse mode rejects it).
func TestAliasedArguments(t *testing.T) {
	const caller = `subroutine top(n, v)
  integer :: n
  real(8) :: v(n)
  call step(n, v, v)
end subroutine
subroutine step(n, y, yout)
  integer :: n, i
  real(8) :: y(n), yout(n), s
%s
end subroutine
`
	copied := "fadj_al = v\ncall step(n, fadj_al, v)"
	kept := "call step(n, v, v)"
	for _, tc := range []struct{ name, body, want string }{
		{"rk4", "  s = sum(y)\n  do i = 1, n\n    yout(i) = y(i) + s*y(i)**2\n  end do", copied},
		{"reads a neighbour", "  do i = 2, n\n    yout(i) = y(i) - y(i-1)\n  end do", kept},
		{"reads after the loop", "  do i = 1, n\n    yout(i) = 2*y(i)\n  end do\n  s = y(1)", kept},
		{"another statement of the loop", "  do i = 1, n\n    yout(i) = 2*y(i)\n    s = y(i)\n  end do", kept},
		{"in an outer loop", "  do k = 1, 2\n    do i = 1, n\n      yout(i) = 2*y(i)\n    end do\n  end do", kept},
		{"defines it twice", "  do i = 1, n\n    yout(i) = y(i)\n  end do\n  yout(1) = 0", kept},
		{"writes the read one", "  y(1) = 0\n  do i = 1, n\n    yout(i) = y(i)\n  end do", kept},
		{"whole array", "  yout = 2*y", kept},
		{"a jump", "  do i = 1, n\n    yout(i) = y(i)\n  end do\n  go to 10\n10 continue", kept},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := loadSnippet(t, strings.Replace(caller, "%s", tc.body, 1))
			inline.AliasedArguments(prog)
			checkBody(t, prog, tc.want)
		})
	}
}
