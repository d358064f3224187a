package source

import "testing"

func TestPositions(t *testing.T) {
	fset := NewFileSet()
	a := fset.AddFile("a.f90", []byte("x = 1\n  y = 2\n"))
	b := fset.AddFile("b.f", []byte("abc"))
	for _, tc := range []struct {
		p    Pos
		want string
	}{
		{a.Pos(0), "a.f90:1:1"},
		{a.Pos(4), "a.f90:1:5"},
		{a.Pos(6), "a.f90:2:1"},
		{a.Pos(8), "a.f90:2:3"},
		{a.Pos(a.Size()), "a.f90:2:9"}, // end of file has a position of its own
		{b.Pos(0), "b.f:1:1"},
		{b.Pos(3), "b.f:1:4"},
		{NoPos, "-"},
	} {
		if got := fset.Position(tc.p).String(); got != tc.want {
			t.Errorf("Position(%d) = %s, want %s", tc.p, got, tc.want)
		}
	}
	if fset.File(b.Pos(1)) != b || fset.File(a.Pos(3)) != a {
		t.Error("File finds the wrong file")
	}
	if a.LineCount() != 2 || a.LineStart(2) != 6 || a.LineStart(3) != -1 {
		t.Errorf("line table: %d lines, line 2 at %d", a.LineCount(), a.LineStart(2))
	}
}
