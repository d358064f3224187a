package adjoint

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
)

// TestSectionsDisjoint checks which read references stageSections takes
// for disjoint from a reference the call defines.
func TestSectionsDisjoint(t *testing.T) {
	for _, tc := range []struct {
		read, def string
		want      bool
	}{
		{"k(:, 1:s-1)", "k(:, s)", true},
		{"k(:, s+1:7)", "k(:, s)", true},
		{"k(:, s-1)", "k(:, s)", true},
		{"k(:, 1)", "k(:, 2)", true},
		{"k(:, 1:s)", "k(:, s)", false},
		{"k(:, 1:s-1:2)", "k(:, s)", false},
		{"k(:, s)", "k(:, s)", false},
		{"k(:, j)", "k(:, s)", false},
		{"k(1:s-1, :)", "k(:, s)", false},
		{"k(s-1, 2)", "k(s, :)", true},
		{"k(:, 1:s-1)", "k(:, :)", false},
	} {
		r, err := parser.ParseExpr(tc.read)
		if err != nil {
			t.Fatal(err)
		}
		d, err := parser.ParseExpr(tc.def)
		if err != nil {
			t.Fatal(err)
		}
		if got := sectionsDisjoint(r.(*ast.CallExpr), d.(*ast.CallExpr)); got != tc.want {
			t.Errorf("%s, %s: disjoint %v, want %v", tc.read, tc.def, got, tc.want)
		}
	}
}
