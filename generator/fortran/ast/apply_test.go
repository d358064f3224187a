package ast_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// TestApplyVisitsAsInspect: Apply without changes meets the nodes Inspect
// meets, in the same order, on the whole corpus.
func TestApplyVisitsAsInspect(t *testing.T) {
	for _, f := range corpus(t) {
		for _, u := range f.Units {
			var want, got []ast.Node
			ast.Inspect(u, func(n ast.Node) bool {
				if n != nil {
					want = append(want, n)
				}
				return true
			})
			ast.Apply(u, func(c *ast.Cursor) bool {
				got = append(got, c.Node())
				return true
			}, nil)
			if len(got) != len(want) {
				t.Fatalf("%s: Apply met %d nodes, Inspect %d", f.Name, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: node %d: Apply met %T, Inspect %T", f.Name, i, got[i], want[i])
				}
			}
		}
	}
}

func parseUnit(t *testing.T, src string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(source.NewFileSet(), "t.f90", []byte(src), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestApplyEdits replaces, deletes and inserts.
func TestApplyEdits(t *testing.T) {
	src := `subroutine s(x, y)
  real(8) :: x(3), y
  integer :: i
  y = 1
  do i = 1, 3
    continue
    y = y + x(i)*1
  end do
  if (y > 1) then
    continue
  end if
end subroutine s
`
	f := parseUnit(t, src)
	ast.Apply(f.Units[0], func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.BasicLit:
			if n.Value == "1" {
				c.Replace(&ast.BasicLit{Kind: n.Kind, Value: "2"})
			}
		case *ast.ContinueStmt:
			c.Delete()
		case *ast.AssignStmt:
			if c.Index() >= 0 {
				c.InsertBefore(&ast.CallStmt{Name: ast.NewIdent("before")})
				c.InsertAfter(&ast.CallStmt{Name: ast.NewIdent("after")})
			}
		}
		return true
	}, nil)
	got := print(t, f)
	want := `subroutine s(x, y)
  real(8) :: x(3), y
  integer :: i
  call before
  y = 2
  call after
  do i = 2, 3
    call before
    y = y + x(i)*2
    call after
  end do
  if (y > 2) then
  end if
end subroutine s
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// post returning false stops the walk: at the first identifier y.
	var met []string
	ast.Apply(f.Units[0], nil, func(c *ast.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if ok {
			met = append(met, id.Name)
		}
		return !ok || id.Name != "y"
	})
	if got := strings.Join(met, " "); got != "s x y" {
		t.Errorf("post met %q before stopping, want \"s x y\"", got)
	}
}
