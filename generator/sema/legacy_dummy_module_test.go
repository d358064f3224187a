package sema

import (
	"sort"
	"strings"
	"testing"
)

const moduleCloneSrc = `
module fns
contains
  real(8) function f1(x)
    real(8) :: x
    f1 = x*x
  end function
  real(8) function f2(x)
    real(8) :: x
    f2 = x + 1
  end function
end module
module quad_m
  implicit none
  private
  public :: quad, run
contains
  subroutine run(x, y)
    use fns
    real(8) :: x, y
    %MOD%
  end subroutine
  subroutine quad(f, x, y)
    interface
      real(8) function f(x)
        real(8) :: x
      end function
    end interface
    real(8) :: x, y
    y = f(x)
  end subroutine
  subroutine hidden(f, x, y)
    interface
      real(8) function f(x)
        real(8) :: x
      end function
    end interface
    real(8) :: x, y
    y = f(x)
  end subroutine
end module
subroutine top(x, y)
  use fns
  use quad_m, only: quad
  real(8) :: x, y
  %CALLS%
end subroutine
`

// TestSpecializeModuleProcedures checks the copies of module procedures
// (legacy_dummy_module.go): one per binding, also of a private one its
// module calls.
func TestSpecializeModuleProcedures(t *testing.T) {
	for _, tc := range []struct{ name, mod, calls, want string }{
		{"two", "", "call quad(f1, x, y)\n  call quad(f2, x, y)", "quad_f1=quad quad_f2=quad"},
		{"one", "", "call quad(f1, x, y)\n  call quad(f1, y, x)", ""},
		{"private, called in its module", "call hidden(f1, x, y)\n    call hidden(f2, x, y)", "", "hidden_f1=hidden hidden_f2=hidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(strings.Replace(moduleCloneSrc, "%MOD%", tc.mod, 1), "%CALLS%", tc.calls, 1)
			fset, fs := parse(t, src{"a.f90", text})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			_, clones, err := SpecializeDummyProcedures(fset, fs, info, nil)
			if err != nil {
				t.Fatalf("after copies: %v", err)
			}
			var got []string
			for k, v := range clones {
				got = append(got, k+"="+v)
			}
			sort.Strings(got)
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("copies: got %q, want %q", g, tc.want)
			}
		})
	}
}
