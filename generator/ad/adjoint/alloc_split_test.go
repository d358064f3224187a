package adjoint

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// TestUsedDecls: foo_fwd gets the declarations of the locals its records
// use (a loop index), not those only foo_bwd's restorations use.
func TestUsedDecls(t *testing.T) {
	decls := parseDecls("integer :: fadj_i1\nlogical :: fadj_alloc\ninteger :: fadj_lo(15), fadj_hi(15)")
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"loop index", "do fadj_i1 = 1, 2\n  x(fadj_i1) = 0\nend do", []string{"fadj_i1"}},
		{"one of an entity list", "y = FADJ_HI(1)", []string{"fadj_lo"}},
		{"none", "y = 1", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := usedDecls(decls, parseStmts(tc.body))
			if len(got) != len(tc.want) {
				t.Fatalf("got %d declarations, want %d", len(got), len(tc.want))
			}
			for i, d := range got {
				if n := d.(*ast.TypeDecl).Entities[0].Name.Name; n != tc.want[i] {
					t.Errorf("declaration %d declares %s first, want %s", i, n, tc.want[i])
				}
			}
		})
	}
}
