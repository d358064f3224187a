package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// selectTypeCalls rejects an active call of statement s (the CALL itself,
// a function reference in its own expressions) passing an actual to a
// dummy that SELECT TYPE selects in the callee (sema.SelectedDummy) when
// this procedure may give the actual another dynamic type between the
// call and its adjoint, which dispatches on it again (select_type.go).
func (g *gen) selectTypeCalls(s ast.Stmt) error {
	var err error
	ast.Inspect(s, func(n ast.Node) bool {
		if err != nil {
			return false
		}
		if st, ok := n.(ast.Stmt); ok && st != s {
			return false // checked as its own statement
		}
		switch c := n.(type) {
		case *ast.CallStmt:
			err = g.selectTypeCall(s, c, c.Name)
		case *ast.CallExpr:
			if k := g.info.Calls[c]; k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				err = g.selectTypeCall(s, c, c.Fun)
			}
		}
		return err == nil
	})
	return err
}

// selectTypeCall is selectTypeCalls for call c (named name) of s.
func (g *gen) selectTypeCall(s ast.Stmt, c ast.Node, name ast.Expr) error {
	if g.pa.CallPattern(c) == nil {
		return nil
	}
	for _, a := range sema.SelectedActuals(g.info, c) {
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
			return notSupported("call of '%s' in reverse mode: SELECT TYPE in it selects '%s', whose dynamic type the %s at line %d may change before the call's adjoint dispatches on it again", exprString(name), exprString(a), retypingName(st), g.fset.Position(st.Pos()).Line)
		}
	}
	return nil
}
