package parser

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
)

// A SUBMODULE is reported once, at its header: its separate module
// procedures are skipped with it (they were parsed as a module's, each
// statement an error), and the units after it are parsed.
func TestSubmoduleSkipped(t *testing.T) {
	src := "module m\ninterface\nmodule subroutine step(u)\nreal(8) :: u\nend subroutine\nend interface\nend module\n" +
		"submodule (m) s\ncontains\nmodule procedure step\nu = u - u**2\nend procedure\nend submodule\n" +
		"subroutine t(x)\nreal(8) :: x\nx = 1\nend subroutine\n"
	f, err := parse(t, "x.f90", src)
	l, _ := err.(diag.List)
	if len(l) != 1 || l[0].Error() != "x.f90:8:1: not supported: SUBMODULE" {
		t.Fatalf("errors %v, want the SUBMODULE alone", err)
	}
	if f == nil || len(f.Units) != 2 || f.Units[1].Name == nil || f.Units[1].Name.Name != "t" {
		t.Fatalf("units after the submodule not parsed: %+v", f)
	}
}
