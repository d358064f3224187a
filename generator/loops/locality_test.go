package loops_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/loops"
)

// TestCheckLocality rejects each locality specifier at its keyword.
func TestCheckLocality(t *testing.T) {
	tests := []struct{ header, want string }{
		{"do concurrent (i = 1:4)", ""},
		{"do concurrent (i = 1:4) local(t)", "t.f90:6:25: not supported yet: DO CONCURRENT locality specifier LOCAL in reverse mode (fadj copies LOCAL and LOCAL_INIT variables that a type declaration of the procedure declares, not ALLOCATABLE, POINTER or CLASS)"},
		{"do concurrent (i = 1:4) reduce(+: s)", "t.f90:6:25: not supported yet: DO CONCURRENT locality specifier REDUCE in reverse mode (fadj copies LOCAL and LOCAL_INIT variables that a type declaration of the procedure declares, not ALLOCATABLE, POINTER or CLASS)"},
		{"do concurrent (i = 1:4) default(none) shared(a, s, t)", "t.f90:6:25: not supported yet: DO CONCURRENT locality specifier DEFAULT(NONE) in reverse mode (fadj copies LOCAL and LOCAL_INIT variables that a type declaration of the procedure declares, not ALLOCATABLE, POINTER or CLASS) (and 1 more errors)"},
	}
	for _, tt := range tests {
		src := "subroutine f(a, s)\n  real(8) :: a(4), s, t\n  integer :: i\n  s = 0\n  if (s > 1) then\n" +
			tt.header + "\n    t = a(i)\n    s = s + t\n  end do\n  end if\nend subroutine f\n"
		read := func(string) ([]byte, error) { return []byte(src), nil }
		prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := loops.CheckLocality(prog.Fset, prog.Files[0].Units[0].Body, "reverse mode"); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.header, got, tt.want)
		}
	}
}
