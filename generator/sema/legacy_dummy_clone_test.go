package sema

import (
	"sort"
	"strings"
	"testing"
)

const cloneSrc = `
subroutine f1(x, y)
  real(8) :: x, y
  y = x*x
end subroutine
subroutine f2(x, y)
  real(8) :: x, y
  y = x + 1
end subroutine
subroutine apply(f, x, y)
  external f
  real(8) :: x, y
  call f(x, y)
end subroutine
subroutine saved(f, x, y)
  external f
  real(8) :: x, y, s
  save s
  call f(x, s)
  y = s
end subroutine
subroutine drv(g, x, y)
  external g
  real(8) :: x, y
  call apply(g, x, y)
end subroutine
real(8) function quad(f, x)
  external f
  real(8) :: x
  call f(x, quad)
end function
subroutine top(x, y)
  external f1, f2
  real(8) :: x, y, quad, r
  %s
end subroutine
`

// TestSpecializeDummyProcedures checks the copies made for calls
// passing several procedures, also through a driver's dummy, and those
// not made.
func TestSpecializeDummyProcedures(t *testing.T) {
	for _, tc := range []struct{ name, calls, want string }{
		{"two", "call apply(f1, x, y)\n  call apply(f2, x, y)", "apply_f1=apply apply_f2=apply"},
		{"one", "call apply(f1, x, y)\n  call apply(f1, y, x)", ""},
		{"through a driver", "call drv(f1, x, y)\n  call drv(f2, x, y)", "apply_f1=apply apply_f2=apply drv_f1=drv drv_f2=drv"},
		{"a function", "r = quad(f1, x)\n  r = quad(f2, x)", "quad_f1=quad quad_f2=quad"},
		{"saved state", "call saved(f1, x, y)\n  call saved(f2, x, y)", ""},
		{"an intrinsic", "intrinsic dsin\n  call apply(f1, x, y)\n  call apply(dsin, x, y)", "apply_f1=apply"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(cloneSrc, "%s", tc.calls, 1)
			if strings.HasPrefix(tc.calls, "intrinsic") {
				text = strings.Replace(text, "  real(8) :: x, y, quad, r\n  intrinsic dsin\n", "  intrinsic dsin\n  real(8) :: x, y, quad, r\n", 1)
			}
			fset, fs := parse(t, src{"a.f90", text})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			info, clones, err := SpecializeDummyProcedures(fset, fs, info, nil)
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
			for k := range clones {
				if info.Global.Lookup(k) == nil {
					t.Errorf("copy %s not analysed", k)
				}
			}
		})
	}
}
