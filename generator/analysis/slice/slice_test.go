package slice_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/analysis/slice"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
)

// TestSlice slices the body of routine g of each snippet for the
// variables listed, printing the statement numbers (1-based) of the
// slice, its USE, KILL and GEN, or the statement stopping it; and USE,
// KILL and GEN of the whole body.
func TestSlice(t *testing.T) {
	for _, tc := range []struct {
		name, body, vars, want string
	}{
		{"fig1 y before 3", "y = 2*x\nw = cos(y)\ny = sin(y)\nz = y*w", "y@2",
			"slice [1] use [x] kill [y] gen [y]"},
		{"fig1 w at end", "y = 2*x\nw = cos(y)\ny = sin(y)\nz = y*w", "w@4",
			"slice [1 2] use [x] kill [w y] gen [w y]"},
		{"fig1 z", "y = 2*x\nw = cos(y)\ny = sin(y)\nz = y*w", "z@4",
			"slice [1 2 3 4] use [x] kill [w y z] gen [w y z]"},
		{"unused statement left out", "y = 2*x\nw = 3*x\ny = y + 1", "y@3",
			"slice [1 3] use [x] kill [y] gen [y]"},
		{"upward exposed", "y = y*x\nw = y", "w@2",
			"slice [1 2] use [x y] kill [w y] gen [w y]"},
		{"element keeps array needed", "a(1) = x\na(2) = 2*x\nw = a(1) + a(2)", "w@3",
			"slice [1 2 3] use [a x] kill [a w] gen [w]"},
		{"call stops", "y = 2*x\ncall h(y)\nw = y", "w@3",
			"blocked at 2 (a CALL may define 'y') slice [3] use [y] kill [w] gen [w]"},
		{"recall: a call that can run again is taken", "y = 2*x\ncall h(y)\nw = y", "w@3",
			"slice [1 2 3] use [x] kill [w y] gen [w]"}, // h defines y in part: not in GEN
		{"call not needed", "call h(z)\ny = 2*x\nw = y", "w@3",
			"slice [2 3] use [x] kill [w y] gen [w y]"},
		{"function reference stops", "y = f(x)\nw = y", "w@2",
			"blocked at 1 (an assignment referencing a user function may define 'y') slice [2] use [y] kill [w] gen [w]"},
		{"logical IF keeps its variable needed", "y = 0\nif (x > 0) y = x\nw = y*y", "w@3",
			"slice [1 2 3] use [x] kill [w y] gen [w]"}, // y may be overwritten: not in GEN
		{"branch stops", "if (x > 0) then\ny = x\nelse\ny = -x\nend if\nw = y", "w@2",
			"blocked at 1 (a branch may define 'y') slice [2] use [y] kill [w] gen [w]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sl, body := load1(t, tc.body)
			if strings.HasPrefix(tc.name, "recall") {
				sl.Recall = func(*ast.CallStmt) bool { return true }
			}
			name, at, _ := strings.Cut(tc.vars, "@")
			n := 0
			fmt.Sscan(at, &n)
			vars := slice.Set{}
			for _, v := range strings.Split(name, ",") {
				vars[sl.Scope.Lookup(v)] = true
			}
			r := sl.Slice(body[:n], vars)
			var got strings.Builder
			if r.Blocker != nil {
				fmt.Fprintf(&got, "blocked at %d (%s) ", index(body, r.Blocker)+1, r.Reason)
			}
			var idx []int
			for _, i := range r.Stmts {
				idx = append(idx, i+1)
			}
			fmt.Fprintf(&got, "slice %v use %v kill %v gen %v", idx, slice.Names(r.Use), slice.Names(r.Kill), slice.Names(r.Gen))
			if got.String() != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got.String(), tc.want)
			}
		})
	}
}

// TestSets checks USE, KILL and GEN of whole lists.
func TestSets(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"y = 2*x\nw = cos(y)\ny = sin(y)\nz = y*w", "use [x] kill [w y z] gen [w y z]"},
		{"y = y + x\na(1) = y", "use [x y] kill [a y] gen [y]"},
		{"y = 2*x\ncall h(y)", "use [x] kill [y] gen []"},
		{"do i = 1, 3\nz = z + x\nend do", "use [i x z] kill [i z] gen []"}, // conservative: a construct reads all it names,
	} {
		sl, body := load1(t, tc.body)
		got := fmt.Sprintf("use %v kill %v gen %v", slice.Names(sl.Use(body)), slice.Names(sl.Kill(body)), slice.Names(sl.Gen(body)))
		if got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.body, got, tc.want)
		}
	}
}

func index(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// load1 loads subroutine g with body and returns a slicer for it and its
// body.
func load1(t *testing.T, body string) (*slice.Slicer, []ast.Stmt) {
	t.Helper()
	src := `subroutine h(v)
  real(8) :: v
  v = 2*v
end subroutine h
real(8) function f(v)
  real(8) :: v
  f = v
end function f
subroutine g(x, y, w, z, a)
  real(8) :: x, y, w, z, a(2)
  real(8), external :: f
  integer :: i
` + body + `
end subroutine g
`
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
	g := prog.Info.Global.Lookup("g")
	var unit *ast.Unit
	for _, f := range prog.Files {
		for _, u := range f.Units {
			if u.Name != nil && u.Name.Name == "g" {
				unit = u
			}
		}
	}
	if unit == nil || g == nil {
		t.Fatal("no g")
	}
	scope := prog.Info.ScopeOf(unit)
	return &slice.Slicer{Info: prog.Info, ModRef: modref.New(prog.Info), Scope: scope}, unit.Body
}
