package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// TestSavedBlockData checks the BLOCK DATA unit made of the DATA
// statements of moved SAVEd locals, and that nothing moves when the
// block cannot be declared outside the procedure.
func TestSavedBlockData(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"flag and counter", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      LOGICAL FIRST
      INTEGER N
      SAVE XOLD
      DATA FIRST /.TRUE./, N /0/
      IF (FIRST) XOLD = X
      FIRST = .FALSE.
      N = N + 1
      Y = X - XOLD
      XOLD = X
      END`, "fadjsv_s_data: 1 DATA"},
		{"implicit type", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      SAVE XOLD
      DATA KOUNT /0/
      KOUNT = KOUNT + 1
      Y = X - XOLD
      XOLD = X
      END`, ""}, // stays: the block cannot be declared elsewhere
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, fs := parse(t, src{"a.f", strings.TrimPrefix(tc.body, "\n") + "\n"})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			info, moved, err := SavedToCommon(fset, fs, info, nil)
			if err != nil {
				if err.Error() != tc.want {
					t.Errorf("got error %v, want %q", err, tc.want)
				}
				return
			}
			prog := &Program{Fset: fset, Files: fs, Info: info, Saved: moved}
			b := prog.SavedBlockData("s")
			if tc.want == "" {
				if len(moved) > 0 || b != nil {
					t.Errorf("moved %v, want nothing", moved)
				}
				return
			}
			if b == nil {
				t.Fatalf("no BLOCK DATA; want %q", tc.want)
			}
			n := 0
			for _, st := range b.Decls {
				if _, ok := st.(*ast.DataStmt); ok {
					n++
				}
			}
			if got := b.Name.Name + ": " + string(rune('0'+n)) + " DATA"; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
