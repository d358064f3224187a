package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fuzzbound"
)

// frontEndBudget is what the front end may cost on an input: linear in
// its size (about 300 bytes allocated per byte), with wide margins.
var frontEndBudget = fuzzbound.Budget{Time: 3 * time.Second, TimePerByte: 50 * time.Microsecond, Alloc: 32 << 20, AllocPerByte: 4 << 10}

// FuzzFrontEnd runs scanner, parser and semantic analysis over arbitrary
// input in both source forms: nothing may panic, the cost must be linear
// in the input, and every diagnostic must carry a position inside the
// file.
func FuzzFrontEnd(f *testing.F) {
	for _, pat := range []string{"../fortran/testdata/corpus/*.f*", "../../examples/*/*.f*"} {
		files, _ := filepath.Glob(pat)
		for _, p := range files {
			if strings.HasSuffix(p, ".out") {
				continue
			}
			if src, err := os.ReadFile(p); err == nil && len(src) < 8000 {
				f.Add(src, strings.HasSuffix(p, ".f"))
			}
		}
	}
	for _, src := range fuzzbound.Large(64 << 10) {
		f.Add([]byte(src), false)
	}
	f.Add([]byte("subroutine s(x)\n  real, intent(in) :: x\n  x = y\nend\n"), false)
	f.Add([]byte("      DO 10 I=1,N\n   10 A(I) = B(I)\n      END\n"), true)
	f.Fuzz(func(t *testing.T, src []byte, fixed bool) {
		name := "fuzz.f90"
		if fixed {
			name = "fuzz.f"
		}
		read := func(p string) ([]byte, error) {
			if p == name {
				return src, nil
			}
			return nil, os.ErrNotExist
		}
		var err error
		frontEndBudget.Run(t, len(src), func() { _, err = Files([]string{name}, Config{ReadFile: read}) })
		if err == nil {
			return
		}
		l, ok := err.(diag.List)
		if !ok {
			t.Fatalf("error is %T, not a diag.List: %v", err, err)
		}
		for _, e := range l {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("internal error: %v", e)
			}
			if e.Pos.Filename != name || e.Pos.Line < 1 || e.Pos.Column < 1 {
				t.Fatalf("diagnostic without a position in %s: %v", name, e)
			}
		}
	})
}
