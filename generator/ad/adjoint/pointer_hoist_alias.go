package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// readsAlias reports whether backward sweep b may read array a through a
// pointer associated with it (k => day before a loop that overwrites day
// and reads k): it names a pointer sharing a's location, or calls a
// procedure (which may read one by host or use association). hoist.go
// then keeps a's records in the loop: restored once after the backward
// loop, the values read through k in it were the last ones.
func (g *gen) readsAlias(b []ast.Stmt, a *sema.Symbol) bool {
	names := map[string]bool{}
	for _, m := range g.pa.Aliases(a) {
		if m != a && m.Attrs.Has(sema.AttrPointer) {
			names[strings.ToLower(m.Name)] = true
		}
	}
	if len(names) == 0 {
		return false
	}
	found := false
	for _, st := range b {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				found = found || names[strings.ToLower(n.Name)]
			case *ast.CallStmt:
				found = true
			}
			return !found
		})
	}
	return found
}
