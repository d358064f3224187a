package sema

import (
	"sort"
	"strings"
	"testing"
)

// TestSavedToCommon checks which procedures' SAVEd locals move to a
// block of their own: those where a real one carries a value from one
// call to the next.
func TestSavedToCommon(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"previous value", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      SAVE XOLD
      Y = X - XOLD
      XOLD = X
      END`, "s: xold"},
		{"counter moves with the sum", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, SUM
      INTEGER N
      SAVE SUM, N
      SUM = SUM + X
      N = N + 1
      Y = SUM/N
      END`, "s: n sum"},
		{"bare SAVE of a temporary", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, T
      SAVE
      T = 2*X
      Y = T*T
      END`, ""},
		{"integer state only", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y
      INTEGER N
      SAVE N
      N = N + 1
      Y = X*N
      END`, ""},
		{"DATA-initialised flag set in the body", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      LOGICAL FIRST
      SAVE XOLD, FIRST
      DATA FIRST /.TRUE./
      IF (FIRST) XOLD = X
      FIRST = .FALSE.
      Y = X - XOLD
      XOLD = X
      END`, "s: first xold"},
		{"DATA in a type declaration, set in the body", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      LOGICAL :: FIRST = .TRUE.
      SAVE XOLD
      IF (FIRST) XOLD = X
      FIRST = .FALSE.
      Y = X - XOLD
      XOLD = X
      END`, ""},
		{"DATA statement naming a character local too", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD
      LOGICAL FIRST
      CHARACTER*4 TAG
      SAVE XOLD
      DATA FIRST, TAG /.TRUE., 'none'/
      IF (FIRST) XOLD = X
      FIRST = .FALSE.
      Y = X - XOLD
      XOLD = X
      END`, ""},
		{"DATA-initialised constant", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, XOLD, A
      SAVE XOLD
      DATA A /0.5D0/
      Y = X - A*XOLD
      XOLD = X
      END`, "s: xold"},
		{"first assignment after a jump", `
      SUBROUTINE S(X, Y)
      DOUBLE PRECISION X, Y, T
      SAVE T
      IF (X .GT. 0) GO TO 10
      T = X
   10 Y = T
      END`, "s: t"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset, fs := parse(t, src{"a.f", strings.TrimPrefix(tc.body, "\n") + "\n"})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			info, moved, err := SavedToCommon(fset, fs, info, nil)
			if err != nil {
				t.Fatalf("after the move: %v", err)
			}
			prog := &Program{Fset: fset, Files: fs, Info: info, Saved: moved}
			var got []string
			for p := range moved {
				proc := info.Global.LookupLocal(p)
				var vars []string
				for _, s := range proc.Proc.Scope.Symbols() {
					if s.Common != nil && s.Common.Name == SavedBlockPrefix+p {
						vars = append(vars, s.Name)
					}
				}
				sort.Strings(vars)
				got = append(got, p+": "+strings.Join(vars, " "))
			}
			if g := strings.Join(got, "; "); g != tc.want {
				t.Errorf("moved: got %q, want %q", g, tc.want)
			}
			if len(moved) > 0 && len(prog.MovedState()) != len(moved) {
				t.Errorf("MovedState: %v", prog.MovedState())
			}
		})
	}
}
