package ast_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/source"
)

// corpus parses the front end's test corpus.
func corpus(t *testing.T) []*ast.File {
	t.Helper()
	paths, _ := filepath.Glob("../testdata/corpus/*.f*")
	var files []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, ".out") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(source.NewFileSet(), p, src, parser.Config{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		files = append(files, f)
	}
	if len(files) < 10 {
		t.Fatalf("only %d corpus files", len(files))
	}
	return files
}

func print(t *testing.T, f *ast.File) string {
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, f); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestClone clones every unit of the corpus: the clone prints as the
// original, and shares no node with it but comments.
func TestClone(t *testing.T) {
	for _, f := range corpus(t) {
		c := &ast.File{Name: f.Name, Form: f.Form, Trailing: f.Trailing}
		for _, u := range f.Units {
			c.Units = append(c.Units, ast.Clone(u))
		}
		if got, want := print(t, c), print(t, f); got != want {
			t.Errorf("%s: the clone prints differently", f.Name)
		}
		orig := map[ast.Node]bool{}
		for _, u := range f.Units {
			ast.Inspect(u, func(n ast.Node) bool {
				if n != nil {
					orig[n] = true
				}
				return true
			})
		}
		for _, u := range c.Units {
			ast.Inspect(u, func(n ast.Node) bool {
				if _, ok := n.(*ast.Comment); n != nil && !ok && orig[n] {
					t.Errorf("%s: the clone shares %T at %v", f.Name, n, n.Pos())
				}
				return true
			})
		}
	}
	if ast.Clone[ast.Expr](nil) != nil {
		t.Error("Clone(nil) is not nil")
	}
}

func TestEqual(t *testing.T) {
	e := func(src string) ast.Expr {
		f := parseUnit(t, "subroutine s\n  y = "+src+"\nend subroutine\n")
		return f.Units[0].Body[0].(*ast.AssignStmt).Rhs
	}
	tests := []struct {
		a, b string
		eq   bool
	}{
		{"a(i+1)", "A(I+1)", true},
		{"a(i+1)", "a(i)", false},
		{"x .eq. 1.d0", "x == 1.D0", true},
		{"1.d0", "1.0d0", false},
		{"(a + b)*c", "(a + b)*c", true},
		{"(a + b)*c", "a + b*c", false},
		{"f(x=1, y=z%w(2:n))", "f(X=1, Y=Z%W(2:N))", true},
		{"f(x=1, y=z%w(2:n))", "f(x=1, y=z%w(2:))", false},
		{"[1, 2, (k, k = 1, n)]", "(/ 1, 2, (k, k = 1, n) /)", true},
		{"-a**2", "-(a**2)", false},
		{".not. p", ".NOT. p", true},
	}
	for _, tt := range tests {
		if got := ast.Equal(e(tt.a), e(tt.b)); got != tt.eq {
			t.Errorf("Equal(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.eq)
		}
	}
	// A clone is equal, and a copied statement shares its expressions.
	x := e("sin(a(i, j)) + b%c")
	if !ast.Equal(x, ast.Clone(x)) {
		t.Error("a clone is not Equal to its original")
	}
	s := &ast.AssignStmt{Lhs: ast.NewIdent("y"), Rhs: x}
	c := ast.Copy(s).(*ast.AssignStmt)
	if c == s || c.Rhs != s.Rhs {
		t.Error("Copy is not a shallow copy")
	}
}
