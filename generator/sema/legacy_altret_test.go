package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

const altSrc = `      SUBROUTINE SUB(X, *, Y, *)
      DOUBLE PRECISION X, Y
      IF (X .LT. 0.D0) RETURN 1
      Y = X
      RETURN 2
      END
      SUBROUTINE TOP(X, Y)
      DOUBLE PRECISION X, Y
      CALL SUB(X, *10, Y, *20)
      Y = 1.D0
   10 Y = 2.D0*Y
      IF (Y .GT. 1.D0) CALL SUB(Y, *20, X, *20)
   20 CONTINUE
      END
`

// TestAlternateReturns checks the copy with a status argument, the
// calls of it followed by their jumps, and the respelling of a call of
// the copy back to the original with labels of its own.
func TestAlternateReturns(t *testing.T) {
	fset, fs := parse(t, src{"a.f", altSrc})
	info, err := Check(fset, fs, nil)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	info, copies, err := AlternateReturns(fset, fs, info, nil)
	if err != nil {
		t.Fatalf("after the copies: %v", err)
	}
	cp, ok := copies["sub_alt"]
	if !ok || cp.Orig != "sub" || len(cp.Stars) != 2 || cp.Stars[0] != 1 || cp.Stars[1] != 3 {
		t.Fatalf("copies: %+v", copies)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, fs[0]); err != nil {
		t.Fatal(err)
	}
	got := strings.ToLower(sb.String())
	for _, want := range []string{
		"subroutine sub_alt(x, y, fadj_altk)",
		"fadj_altk = 0",
		"fadj_altk = 2",
		"call sub_alt(x, y, fadj_altk)",
		"if (fadj_altk .eq. 2) go to 20",
		"if (y .gt. 1.d0) then",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if info.Global.LookupLocal("sub_alt") == nil {
		t.Errorf("copy not analysed")
	}
	// A call of the copy in generated code calls the original.
	out := &ast.File{Units: []*ast.Unit{{Kind: ast.SubroutineUnit, Name: ast.NewIdent("top_b"),
		Body: []ast.Stmt{&ast.CallStmt{Name: ast.NewIdent("sub_alt"), Args: []ast.Expr{ast.NewIdent("x"), ast.NewIdent("y"), ast.NewIdent("k")}}}}}}
	RespellAltReturns(out, copies)
	sb.Reset()
	if err := printer.Fprint(&sb, out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"k = 0", "call sub(x, *90001, y, *90002)", "go to 90003", "90001 k = 1", "90002 k = 2", "90003 continue"} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("no %q in\n%s", want, sb.String())
		}
	}
}
