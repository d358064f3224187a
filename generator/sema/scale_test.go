package sema

import (
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// TestTypeOfLinear asks for the type and rank of every operation of a
// long sum, as the generators do: each answer must cost constant time
// (issue 14, finding 6: it re-walked the whole subexpression, so a sum of
// 20,000 terms took minutes).
func TestTypeOfLinear(t *testing.T) {
	const terms = 20000
	var b strings.Builder
	b.WriteString("subroutine f(x, y)\n  real(8), intent(in) :: x(3)\n  real(8), intent(out) :: y\n  y = x(1)")
	for i := 1; i < terms; i++ {
		b.WriteString([]string{" + x(2)", " - 2*x(3)", " + (x(1))"}[i%3])
	}
	b.WriteString("\nend subroutine f\n")
	fset := source.NewFileSet()
	f, err := parser.ParseFile(fset, "sum.f90", []byte(b.String()), parser.Config{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Check(fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rhs := f.Units[0].Body[0].(*ast.AssignStmt).Rhs
	start := time.Now()
	n := 0
	for x := rhs; ; n++ {
		if tt := info.TypeOf(x); tt == nil || tt.String() != "real(8)" {
			t.Fatalf("TypeOf(operation %d) = %v", n, tt)
		}
		if r := info.Rank(x); r != 0 {
			t.Fatalf("Rank(operation %d) = %d", n, r)
		}
		bin, ok := x.(*ast.BinaryExpr)
		if !ok {
			break
		}
		info.TypeOf(bin.Y)
		x = bin.X
	}
	if n < terms-1 {
		t.Fatalf("walked %d operations, want %d", n, terms-1)
	}
	// Quadratic, this is 2·10⁸ map lookups (about a minute); linear, a few
	// milliseconds. The bound leaves room for a loaded machine.
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("TypeOf and Rank of %d operations took %v", n, d)
	}
}
