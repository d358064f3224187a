package sema

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

const dummyProcsSrc = `
subroutine model(x, y)
  real(8) :: x, y
  y = x*x
end subroutine
subroutine other(x, y)
  real(8) :: x, y
  y = x + 1
end subroutine
subroutine apply(f, x, y)
  external f
  real(8) :: x, y
  call f(x, y)
end subroutine
subroutine chain(g, x, y)
  external g
  real(8) :: x, y
  call apply(g, x, y)
end subroutine
subroutine drive(h, g, x, y)
  external h, g
  real(8) :: x, y
  call h(g, x, y)
end subroutine
subroutine top(x, y)
  external model, other, apply
  real(8) :: x, y
  %s
end subroutine
`

// TestBindDummyProcedures checks which procedure the call of apply's
// dummy f reaches after BindDummyProcedures: the one every call passes,
// also through chain's dummy g, and none when calls pass two or a
// procedure without a body.
func TestBindDummyProcedures(t *testing.T) {
	for _, tc := range []struct{ name, calls, want string }{
		{"one", "call apply(model, x, y)", "model"},
		{"twice the same", "call apply(model, x, y)\n  call apply(model, y, x)", "model"},
		{"by keyword", "call apply(x=x, y=y, f=model)", "model"},
		{"through a dummy", "call chain(model, x, y)", "model"},
		{"two", "call apply(model, x, y)\n  call apply(other, x, y)", "f"},
		{"two through a dummy", "call apply(model, x, y)\n  call chain(other, x, y)", "f"},
		{"no body", "external ext\n  call apply(ext, x, y)", "f"},
		{"through a call of a dummy", "call drive(apply, model, x, y)", "model"},
		{"a root's dummy", "call chain(model, x, y)\n  call apply(model, x, y)", "f"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(dummyProcsSrc, "%s", tc.calls, 1)
			if strings.Contains(tc.calls, "external ext") {
				text = strings.Replace(text, "external model, other, apply\n", "", 1)
				text = strings.Replace(text, "  external ext\n  call", "  external ext, model, other, apply\n  call", 1)
			}
			fset, fs := parse(t, src{"a.f90", text})
			info, err := Check(fset, fs, nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			var roots []*Symbol
			if strings.HasPrefix(tc.name, "a root") {
				roots = append(roots, info.Global.Lookup("chain"))
			}
			BindDummyProcedures(&Program{Fset: fset, Files: fs, Info: info}, roots...)
			apply := fs[0].Units[2]
			call := apply.Body[0].(*ast.CallStmt)
			if got := info.CallStmts[call].Proc.Name; got != tc.want {
				t.Errorf("call f: got %s, want %s", got, tc.want)
			}
			n := info.CallGraph.Node(info.CallStmts[call].Proc)
			if n == nil || len(n.Callers) != 1 || n.Callers[0].Proc.Name != "apply" {
				t.Errorf("call graph: %s's callers are not apply", tc.want)
			}
			if bound := info.UnboundDummy(call) == nil; bound != (tc.want != "f") {
				t.Errorf("UnboundDummy: bound = %v", bound)
			}
		})
	}
}
