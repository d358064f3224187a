package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// selectTypeCall rejects an active call passing an actual to a dummy that
// SELECT TYPE selects in the callee (sema.SelectedDummy) when this
// procedure may give the actual another dynamic type between the call and
// its adjoint, which dispatches on it again (select_type.go).
func (g *gen) selectTypeCall(s *ast.CallStmt) error {
	if g.pa.CallPattern(s) == nil {
		return nil
	}
	for _, a := range sema.SelectedActuals(g.info, s) {
		v := rootSym(g.info, a)
		for i := 0; i < 8 && v != nil; i++ {
			sel := sema.AssocSelector(v)
			if sel == nil {
				break
			}
			v = rootSym(g.info, sel)
		}
		if v == nil {
			continue
		}
		if st := g.retyping(v, s); st != nil {
			return notSupported("call of '%s' in reverse mode: SELECT TYPE in it selects '%s', whose dynamic type the %s at line %d may change before the call's adjoint dispatches on it again", exprString(s.Name), exprString(a), retypingName(st), g.fset.Position(st.Pos()).Line)
		}
	}
	return nil
}
