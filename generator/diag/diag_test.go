package diag

import (
	"errors"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/source"
)

func pos(file string, line, col int) source.Position {
	return source.Position{Filename: file, Line: line, Column: col}
}

func TestSortAndPrint(t *testing.T) {
	var l List
	l.Add(pos("b.f90", 1, 1), "late file")
	l.Add(pos("a.f90", 3, 2), "second")
	l.Add(pos("a.f90", 3, 1), "first")
	l.Add(pos("a.f90", 3, 1), "first") // exact duplicates are dropped
	l.Addf(pos("a.f90", 10, 4), "line %d", 10)
	l.Sort()
	want := "a.f90:3:1: first\na.f90:3:2: second\na.f90:10:4: line 10\nb.f90:1:1: late file\n"
	var b strings.Builder
	Print(&b, l, 0)
	if b.String() != want {
		t.Errorf("Print:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	Print(&b, l, 2)
	if want := "a.f90:3:1: first\na.f90:3:2: second\ntoo many errors (2 more; -all shows them)\n"; b.String() != want {
		t.Errorf("Print with max 2:\n%s", b.String())
	}
	if got := l.Error(); got != "a.f90:3:1: first (and 3 more errors)" {
		t.Errorf("Error() = %q", got)
	}
	if (List{}).Err() != nil || l.Err() == nil {
		t.Error("Err: want nil exactly for an empty list")
	}
}

func TestAt(t *testing.T) {
	fset := source.NewFileSet()
	f := fset.AddFile("k.f90", []byte("x = 1\ny = 2\n"))
	err := At(fset, f.Pos(6), errors.New("not supported yet: y"))
	if got := err.Error(); got != "k.f90:2:1: not supported yet: y" {
		t.Errorf("At = %q", got)
	}
	if again := At(fset, f.Pos(0), err); again.Error() != err.Error() {
		t.Errorf("At repositioned a List: %q", again)
	}
	if At(fset, f.Pos(0), nil) != nil {
		t.Error("At(nil) != nil")
	}
}

func TestAddErr(t *testing.T) {
	fset := source.NewFileSet()
	f := fset.AddFile("k.f90", []byte("x = 1\ny = 2\n"))
	var l List
	l.AddErr(fset, f.Pos(6), errors.New("b"))
	l.AddErr(fset, f.Pos(6), At(fset, f.Pos(0), errors.New("a")))
	l.AddErr(fset, f.Pos(0), nil)
	l.Sort()
	var got []string
	for _, e := range l {
		got = append(got, e.Error())
	}
	if want := "k.f90:1:1: a|k.f90:2:1: b"; strings.Join(got, "|") != want {
		t.Errorf("AddErr: %q, want %q", strings.Join(got, "|"), want)
	}
}
